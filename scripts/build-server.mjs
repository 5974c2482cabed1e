/**
 * `npm run build:server`: compiles the server (src/server and src/shared, tests left out) to plain JavaScript
 * in dist/server, file for file, so production runs on Node alone: no TypeScript loader in memory or at start.
 */
import { build } from 'esbuild';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SERVER_OUT = path.join(root, 'dist', 'server');

function filesUnder(folder, keep) {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

export async function buildServer() {
  rmSync(SERVER_OUT, { recursive: true, force: true });
  const isSource = (name) =>
    name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') && !name.includes('test-helpers');
  await build({
    entryPoints: [...filesUnder('src/server', isSource), ...filesUnder('src/shared', isSource)].filter(
      (file) => !file.split(path.sep).includes('test'),
    ),
    outdir: SERVER_OUT,
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
  // Plain JavaScript the server loads by path (the password worker) and its data (the gazetteer) go along as they are.
  for (const file of filesUnder('src/server', (name) => name.endsWith('.mjs') || name.endsWith('.json'))) {
    cpSync(path.join(root, file), path.join(SERVER_OUT, file));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
  console.log(`server compiled to ${path.relative(root, SERVER_OUT)}`);
}
