/**
 * `npm start`: builds what is missing or older than its sources (the web app, the compiled server), then runs
 * the compiled server on plain Node.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const WEB_SOURCES = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'scripts/prerender.ts', 'package-lock.json'];
const webBuilt = path.resolve(root, process.env.WEB_DIST ?? 'dist/web', 'app.html');
const SERVER_SOURCES = ['src/server', 'src/shared', 'drizzle', 'scripts/build-server.mjs'];
const serverMain = path.join(root, 'dist', 'server', 'src', 'server', 'main.js');

function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const isStale = (file, sources) => builtAt(file) < Math.max(...sources.map(newestMtime));

if (isStale(webBuilt, WEB_SOURCES)) {
  console.log(builtAt(webBuilt) === 0 ? 'Building the web app…' : 'Web sources changed since the last build; rebuilding…');
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (isStale(serverMain, SERVER_SOURCES)) {
  console.log('Compiling the server…');
  // Loaded only when needed: a deployment that installed without dev dependencies runs its existing build.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}

await import(pathToFileURL(serverMain).href);
