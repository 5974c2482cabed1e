/**
 * `npm start`: builds the web app when the build is missing or older than its sources, then runs the server.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtMarker = path.resolve(root, process.env.WEB_DIST ?? 'dist/web', 'app.html');
const SOURCES = ['src/web', 'src/shared', 'public', 'vite.config.ts', 'scripts/prerender.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(builtMarker) ? statSync(builtMarker).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the web app…' : 'Sources changed since the last build; rebuilding…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../src/server/main.js');
