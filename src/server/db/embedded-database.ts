import { fork, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makePrivateDirectory } from './private-directory.js';

/**
 * The embedded database (PGlite) runs in a child process and is reached over PostgreSQL's wire protocol on a Unix
 * socket (docs/decisions/014): its WebAssembly heap stays out of the server's memory, a slow query no longer
 * stalls the server's event loop, and the server uses one driver for both databases.
 */
const SERVER_SCRIPT = fileURLToPath(new URL('./pglite-server.mjs', import.meta.url));
/** Only names the socket file (`.s.PGSQL.5432`), as PostgreSQL does; nothing listens on a TCP port. */
export const EMBEDDED_PORT = 5432;
const SOCKET_FILE = `.s.PGSQL.${EMBEDDED_PORT}`;
/** Unix socket paths are limited to about 104 bytes on Linux and macOS. */
const MAX_SOCKET_PATH = 100;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface EmbeddedDatabase {
  /** The directory holding the socket: `host` for the pg driver. */
  socketDir: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Plain Node, whatever this process runs under (tsx, vitest): the script is JavaScript. The database process
 * makes little JavaScript garbage, so a small young generation suffices; and PostgreSQL run on WebAssembly's
 * baseline compiler (Liftoff) skips the optimizing compilations that leave tens of MB behind (decision 014).
 */
const DATABASE_PROCESS_FLAGS = ['--max-semi-space-size=1', '--liftoff-only'];

function runServerScript(args: string[]): ChildProcess {
  return fork(SERVER_SCRIPT, args, {
    execArgv: DATABASE_PROCESS_FLAGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function exitDescription(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/** Creates the database files (initdb) in a process of its own, whose memory goes when it ends. */
function createFiles(filesDir: string, optionsJson: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = runServerScript(['create', filesDir, optionsJson]);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database ${exitDescription(code, signal)}`)),
    );
  });
}

/** A directory only this user can enter, short enough for a socket path. */
function socketDirectoryFor(dataDir: string): { dir: string; temporary: boolean } {
  const dir = path.join(dataDir, 'pglite-socket');
  if (Buffer.byteLength(path.join(dir, SOCKET_FILE)) <= MAX_SOCKET_PATH) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    return { dir, temporary: false };
  }
  return { dir: mkdtempSync(path.join(tmpdir(), 'lanefreight-db-')), temporary: true };
}

export async function startEmbeddedDatabase(
  dataDir: string,
  pgliteOptions: object,
  onLost: (reason: string) => void,
): Promise<EmbeddedDatabase> {
  // Only this user may read or change the data; the database process itself writes under umask 077.
  makePrivateDirectory(dataDir);
  const filesDir = path.join(dataDir, 'pglite');
  mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  const optionsJson = JSON.stringify(pgliteOptions);
  if (readdirSync(filesDir).length === 0) await createFiles(filesDir, optionsJson);

  const socket = socketDirectoryFor(dataDir);
  const child = runServerScript(['serve', filesDir, optionsJson, path.join(socket.dir, SOCKET_FILE)]);
  const removeSocketDir = () => {
    if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('the embedded database did not start in time')),
        START_TIMEOUT_MS,
      );
      child.once('message', (message) => {
        clearTimeout(timer);
        if (message === 'ready') resolve();
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the embedded database ${exitDescription(code, signal)} while starting`));
      });
    });
  } catch (err) {
    child.kill('SIGKILL');
    removeSocketDir();
    throw err;
  }
  // PGlite sets some modes itself whatever the umask (initdb's files 0666, the relation cache written at start
  // 0644): once it has started, nothing it wrote is left open.
  makePrivateDirectory(dataDir);

  let stopping = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', (code, signal) => {
    removeSocketDir();
    if (!stopping) onLost(`the embedded database ${exitDescription(code, signal)}`);
  });

  return {
    socketDir: socket.dir,
    pid: child.pid!,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        // It finishes what it is running, closes its files and exits.
        child.send('stop');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
