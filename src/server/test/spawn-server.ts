import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from '../lib/project-root.js';

const TSX = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const MAIN = path.join(PROJECT_ROOT, 'src', 'server', 'main.ts');

export interface SpawnedServer {
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `src/server/main.ts` as `npm start` would, with only the given variables (plus PATH and HOME), so the
 * test sees what an operator sees: the start log, the exit code, the interfaces it listens on.
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(TSX, [MAIN], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Waits until the server logs that it listens, or fails with what it printed. */
export async function waitUntilListening(server: SpawnedServer, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!/Server listening/.test(server.output())) {
    if (server.process.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    if (Date.now() - started > timeoutMs) throw new Error(`the server did not start in time:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
