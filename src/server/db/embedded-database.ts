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
  /** The database process now (another after a restart). */
  readonly pid: number;
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

/** A database process that dies is started again, up to this many times in RESTART_WINDOW_MS; then the server stops. */
export const RESTARTS_ALLOWED = 3;
const RESTART_WINDOW_MS = 10 * 60_000;

export interface EmbeddedDatabaseEvents {
  /** The database is gone for good (it kept dying, or would not start again): nothing can be served. */
  onLost: (reason: string) => void;
  /** It died and was started again, on the same files: queries in flight failed, later ones are served. */
  onRestarted?: (reason: string, restartsInWindow: number) => void;
}

/** Starts the database process and waits until it accepts connections. */
async function launch(serveArgs: string[]): Promise<ChildProcess> {
  const child = runServerScript(serveArgs);
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the embedded database did not start in time')), START_TIMEOUT_MS);
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
    throw err;
  }
  return child;
}

export async function startEmbeddedDatabase(
  dataDir: string,
  pgliteOptions: object,
  events: EmbeddedDatabaseEvents | ((reason: string) => void),
): Promise<EmbeddedDatabase> {
  const { onLost, onRestarted } = typeof events === 'function' ? { onLost: events, onRestarted: undefined } : events;
  // Only this user may read or change the data; the database process itself writes under umask 077.
  makePrivateDirectory(dataDir);
  const filesDir = path.join(dataDir, 'pglite');
  mkdirSync(filesDir, { recursive: true, mode: 0o700 });
  const optionsJson = JSON.stringify(pgliteOptions);
  if (readdirSync(filesDir).length === 0) await createFiles(filesDir, optionsJson);

  const socket = socketDirectoryFor(dataDir);
  const serveArgs = ['serve', filesDir, optionsJson, path.join(socket.dir, SOCKET_FILE)];
  const removeSocketDir = () => {
    if (socket.temporary) rmSync(socket.dir, { recursive: true, force: true });
  };
  let child: ChildProcess;
  try {
    child = await launch(serveArgs);
  } catch (err) {
    removeSocketDir();
    throw err;
  }
  // PGlite sets some modes itself whatever the umask (initdb's files 0666, the relation cache written at start
  // 0644): once it has started, nothing it wrote is left open.
  makePrivateDirectory(dataDir);

  let stopping = false;
  const restarts: number[] = [];
  const lost = (reason: string) => {
    removeSocketDir();
    onLost(reason);
  };
  /** A process that dies unasked is started again on the same files and socket, within the restart budget. */
  const supervise = (current: ChildProcess) => {
    current.once('exit', (code, signal) => {
      if (stopping) return;
      const reason = `the embedded database ${exitDescription(code, signal)}`;
      const now = Date.now();
      while (restarts.length > 0 && restarts[0]! <= now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= RESTARTS_ALLOWED) {
        lost(`${reason}, after ${RESTARTS_ALLOWED} restarts in ${RESTART_WINDOW_MS / 60_000} minutes`);
        return;
      }
      restarts.push(now);
      launch(serveArgs).then(
        (next) => {
          if (stopping) {
            next.send('stop');
            return;
          }
          child = next;
          supervise(next);
          onRestarted?.(reason, restarts.length);
        },
        (err: unknown) => lost(`${reason}, and could not be started again: ${(err as Error).message}`),
      );
    });
  };
  supervise(child);

  return {
    socketDir: socket.dir,
    get pid() {
      return child.pid!;
    },
    stop: async () => {
      stopping = true;
      const current = child;
      if (current.exitCode === null && current.signalCode === null) {
        const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
        // It finishes what it is running, closes its files and exits.
        current.send('stop');
        const timer = setTimeout(() => current.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      removeSocketDir();
    },
  };
}
