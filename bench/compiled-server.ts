/** The benches measure the server as `npm start` runs it: compiled to JavaScript, on plain Node. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const COMPILED_SERVER_MAIN = path.join(ROOT, 'dist', 'server', 'src', 'server', 'main.js');

let compiled = false;
/** Compiles the server once per bench run (about a second). */
export function compileServer() {
  if (compiled) return;
  const result = spawnSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:server failed');
  compiled = true;
}
