/**
 * Sign-in benchmark: POST /api/login at 20 concurrent connections while a light probe measures
 * GET /api/health, to show that password hashing never blocks the event loop.
 *
 *   npx tsx bench/signin.ts                 # spawns the server on a fresh PGlite data dir
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/signin.ts
 *                                           # same, on a throwaway PostgreSQL database (created and dropped)
 *   BENCH_BASE_URL=http://host:3000 BENCH_IDENTIFIERS=a@x.ng,b@x.ng BENCH_PASSWORD=… npx tsx bench/signin.ts
 *                                           # against a running server and existing verified accounts
 *
 * The server runs as a child process (compiled, as `npm start` runs it), never in the benchmark's own process, so
 * the load generator does not share the event loop it measures. Its sign-in limits are raised through
 * SIGNIN_RATE_LIMIT_PER_MINUTE (default 10 per minute per IP and per identifier).
 */
import autocannon from 'autocannon';
import { COMPILED_SERVER_MAIN, compileServer } from './compiled-server.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../src/server/test/factories.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface SigninBenchOptions {
  /** Accounts created and signed in round-robin. */
  users?: number;
  durationSeconds?: number;
  connections?: number;
  healthConnections?: number;
  /** Health probes per second across its connections. */
  healthRate?: number;
  /** What the probe requests (default /api/health); another path helps tell queueing from scheduling. */
  probePath?: string;
  /** Benchmark a running server instead of spawning one; `identifiers` must then be verified accounts. */
  baseUrl?: string;
  identifiers?: string[];
  password?: string;
  /** An admin PostgreSQL URL: the bench creates and drops its own database there instead of using PGlite. */
  postgresAdminUrl?: string;
  log?: (line: string) => void;
}

export interface SigninBenchResult {
  signIn: { requestsPerSecond: number; p50Ms: number; p99Ms: number; ok: number; non2xx: number; errors: number };
  health: { p50Ms: number; p99Ms: number; requests: number; non2xx: number; errors: number };
  /** Health latency with no sign-ins running: the machine's own noise, for reading the figure above. */
  healthBaseline: { p50Ms: number; p99Ms: number };
  /**
   * The server's event-loop delay while sign-ins ran, measured inside it (spawned server only): the worst
   * one-second p99 and the overall max. Timer resolution is 5 ms, so an idle loop reads about 5 ms.
   */
  serverEventLoop: { worstSecondP99Ms: number; maxMs: number } | null;
  healthTargetMs: number;
  passed: boolean;
  database: 'pglite' | 'postgres' | 'external';
}

const HEALTH_TARGET_MS = 50;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess | undefined, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseUrl} did not become healthy`);
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Creates verified accounts through the shared factories; returns their emails. */
async function seedUsers(target: { dataDir: string } | { databaseUrl: string }, count: number) {
  const database = await openDatabase(
    'dataDir' in target ? { dataDir: target.dataDir } : { databaseUrl: target.databaseUrl, dataDir: 'unused' },
  );
  try {
    await database.migrate();
    const emails: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await createUser(database.db, { email: `bench-${i}-${randomBytes(3).toString('hex')}@example.ng` });
      emails.push(user.email!);
    }
    return emails;
  } finally {
    // PGlite allows one process per data directory: release it before the server opens it.
    await database.close();
  }
}

export async function runSigninBench(options: SigninBenchOptions = {}): Promise<SigninBenchResult> {
  const log = options.log ?? (() => undefined);
  const durationSeconds = options.durationSeconds ?? 10;
  const connections = options.connections ?? 20;
  const cleanups: (() => Promise<void> | void)[] = [];
  let child: ChildProcess | undefined;
  let baseUrl = options.baseUrl;
  let identifiers = options.identifiers ?? [];
  let database: SigninBenchResult['database'] = 'external';
  let eventLoopFile: string | undefined;

  try {
    if (!baseUrl) {
      const count = options.users ?? 50;
      const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-bench-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      let databaseUrl: string | undefined;
      if (options.postgresAdminUrl) {
        // A throwaway database: the bench never writes to a database it did not create.
        const name = `lf_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
        const admin = new pg.Client({ connectionString: options.postgresAdminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        const url = new URL(options.postgresAdminUrl);
        url.pathname = `/${name}`;
        databaseUrl = url.toString();
        cleanups.push(async () => {
          const cleanup = new pg.Client({ connectionString: options.postgresAdminUrl });
          await cleanup.connect();
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await cleanup.end();
        });
        database = 'postgres';
      } else {
        database = 'pglite';
      }

      log(`seeding ${count} verified accounts (${database})…`);
      identifiers = await seedUsers(databaseUrl ? { databaseUrl } : { dataDir }, count);

      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'info',
        SIGNIN_RATE_LIMIT_PER_MINUTE: '1000000',
        // Production refuses to start without Paystack unless the sandbox is chosen explicitly.
        PAYMENT_GATEWAY: 'sandbox',
        REDIS_URL: '',
        DATABASE_URL: databaseUrl ?? '',
        BENCH_EVENT_LOOP_FILE: (eventLoopFile = path.join(dataDir, 'event-loop.jsonl')),
        NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${pathToFileURL(path.join(ROOT, 'bench', 'event-loop-monitor.mjs')).href}`]
          .filter(Boolean)
          .join(' '),
      };
      log(`starting the server on ${baseUrl}…`);
      compileServer();
      child = spawn(process.execPath, [COMPILED_SERVER_MAIN], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr?.on('data', (chunk) => (stderr = (stderr + String(chunk)).slice(-4_000)));
      const started = child;
      cleanups.push(() => stopChild(started));
      try {
        await waitForHealth(baseUrl, child);
      } catch (err) {
        throw new Error(`${(err as Error).message}\n${stderr}`, { cause: err });
      }
    } else {
      await waitForHealth(baseUrl, undefined, 10_000);
    }
    if (identifiers.length === 0) throw new Error('no accounts to sign in with (pass identifiers with baseUrl)');
    const password = options.password ?? DEFAULT_TEST_PASSWORD;

    // Warm-up: JIT, connection pools and the dummy hash, outside the measurement.
    for (const identifier of identifiers.slice(0, 5)) {
      const res = await fetch(`${baseUrl}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier, password }),
      });
      if (!res.ok) throw new Error(`warm-up sign-in failed with ${res.status}: ${await res.text()}`);
    }

    const healthProbe = (duration: number) =>
      autocannon({
        url: `${baseUrl}${options.probePath ?? '/api/health'}`,
        connections: options.healthConnections ?? 5,
        overallRate: options.healthRate ?? 50,
        duration,
      });
    log('measuring health alone for a baseline…');
    const baseline = await healthProbe(3);

    let next = 0;
    const loadStartedAt = Date.now();
    log(`measuring: ${connections} connections signing in for ${durationSeconds}s, health probed alongside…`);
    const [signIn, health] = await Promise.all([
      autocannon({
        url: baseUrl,
        connections,
        duration: durationSeconds,
        requests: [
          {
            method: 'POST',
            path: '/api/login',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              const identifier = identifiers[next++ % identifiers.length];
              return { ...request, body: JSON.stringify({ identifier, password }) };
            },
          },
        ],
      }),
      healthProbe(durationSeconds),
    ]);
    const loadEndedAt = Date.now();

    let serverEventLoop: SigninBenchResult['serverEventLoop'] = null;
    if (eventLoopFile && existsSync(eventLoopFile)) {
      const seconds = readFileSync(eventLoopFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { t: number; p99Ms: number; maxMs: number })
        // Each line covers the second before its timestamp.
        .filter((s) => s.t > loadStartedAt + 1000 && s.t <= loadEndedAt);
      if (seconds.length > 0) {
        serverEventLoop = {
          worstSecondP99Ms: Math.max(...seconds.map((s) => s.p99Ms)),
          maxMs: Math.max(...seconds.map((s) => s.maxMs)),
        };
      }
    }

    const result: SigninBenchResult = {
      signIn: {
        requestsPerSecond: signIn.requests.average,
        p50Ms: signIn.latency.p50,
        p99Ms: signIn.latency.p99,
        ok: signIn['2xx'],
        non2xx: signIn.non2xx,
        errors: signIn.errors + signIn.timeouts,
      },
      health: {
        p50Ms: health.latency.p50,
        p99Ms: health.latency.p99,
        requests: health.requests.total,
        non2xx: health.non2xx,
        errors: health.errors + health.timeouts,
      },
      healthBaseline: { p50Ms: baseline.latency.p50, p99Ms: baseline.latency.p99 },
      serverEventLoop,
      healthTargetMs: HEALTH_TARGET_MS,
      passed: false,
      database,
    };
    result.passed =
      result.health.p99Ms < HEALTH_TARGET_MS &&
      result.signIn.non2xx === 0 &&
      result.signIn.errors === 0 &&
      result.health.non2xx === 0 &&
      result.signIn.ok > 0;
    return result;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

export function formatSigninBench(result: SigninBenchResult): string {
  const { signIn, health } = result;
  return [
    `Sign-in benchmark (${result.database})`,
    `  POST /api/login   ${signIn.requestsPerSecond.toFixed(1)} req/s   p50 ${signIn.p50Ms} ms   p99 ${signIn.p99Ms} ms   ` +
      `(${signIn.ok} ok, ${signIn.non2xx} non-2xx, ${signIn.errors} errors)`,
    `  GET /api/health   p50 ${health.p50Ms} ms   p99 ${health.p99Ms} ms   (${health.requests} probes, ${health.non2xx} non-2xx)`,
    `  health baseline   p50 ${result.healthBaseline.p50Ms} ms   p99 ${result.healthBaseline.p99Ms} ms   (no sign-ins running)`,
    result.serverEventLoop
      ? `  server event loop worst-second p99 ${result.serverEventLoop.worstSecondP99Ms.toFixed(1)} ms   max ${result.serverEventLoop.maxMs.toFixed(1)} ms   (inside the server; 5 ms timer resolution)`
      : '  server event loop not measured (external server)',
    `  health p99 target < ${result.healthTargetMs} ms: ${result.passed ? 'PASS' : 'FAIL'}`,
  ].join('\n');
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const identifiers = process.env.BENCH_IDENTIFIERS?.split(',').map((v) => v.trim()).filter(Boolean);
  runSigninBench({
    baseUrl: process.env.BENCH_BASE_URL || undefined,
    identifiers,
    password: process.env.BENCH_PASSWORD || undefined,
    postgresAdminUrl: process.env.BENCH_DATABASE_URL || undefined,
    durationSeconds: process.env.BENCH_DURATION ? Number(process.env.BENCH_DURATION) : undefined,
    log: (line) => console.log(line),
  })
    .then((result) => {
      console.log(formatSigninBench(result));
      if (!result.passed) process.exitCode = 1;
    })
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
