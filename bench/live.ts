/**
 * `npm run bench:live`: the live stream (GET /api/events, issue 11).
 *
 *   (a) 10,000 server-sent-event streams held open on one instance, with the server's RSS (≤ 400 MB)
 *   (b) time from a committed event to its arrival at every stream of its user, p99: one instance (≤ 100 ms),
 *       and through Redis from one instance to streams on another (≤ 250 ms)
 *
 * The event timed is the notification of a wallet payment: it is stamped by the database when its row is written
 * (`createdAt`), after the payment committed; the clock is the same machine's. Each user has 10 streams (the
 * per-user limit); a sample of users pay one after another, and every stream of each must receive it.
 *
 * Needs PostgreSQL (two instances share it): BENCH_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres
 * (a throwaway database is created and dropped). Redis for (b) across instances: BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379. BENCH_LIVE_STREAMS sets the number of streams (default 10,000). Traffic stays on 127.0.0.1.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { createSessionRepository } from '../src/server/modules/auth/session-repository.js';
import { createSessionService } from '../src/server/modules/auth/session-service.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { bookingBody } from '../src/server/test/delivery-test-helpers.js';
import { COMPILED_SERVER_MAIN, compileServer } from './compiled-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STREAMS = Number(process.env.BENCH_LIVE_STREAMS ?? 10_000);
const STREAMS_PER_USER = 10;
const SAMPLED_USERS = Number(process.env.BENCH_LIVE_SAMPLES ?? 100);
const CROSS_INSTANCE_STREAMS = Math.min(STREAMS, 2_000);
const FILE_LIMIT = 20_000;
const TARGETS = { rssMb: 400, p99OneMs: 100, p99RedisMs: 250 };

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

async function createDatabase() {
  const name = `lf_bench_live_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function seedUsers(databaseUrl: string, count: number): Promise<string[]> {
  const database = await openDatabase({ databaseUrl, dataDir: 'unused' });
  try {
    await database.migrate();
    const sessions = createSessionService(createSessionRepository(database.db), { secureCookies: false });
    const tokens: string[] = [];
    for (let i = 0; i < count; i++) {
      const user = await createUser(database.db, { name: `Live Bench ${i}` });
      await fundWallet(database.db, user.id, 1_000_000_000);
      tokens.push((await sessions.startSession(user.id, true)).token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

/** The compiled server in its own process, with the file limit raised for its streams (`exec` keeps the pid). */
async function startServer(databaseUrl: string, port: number, dataDir: string, extra: Record<string, string> = {}) {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    DATABASE_URL: databaseUrl,
    // Production refuses to start without Paystack unless the sandbox is chosen explicitly.
    PAYMENT_GATEWAY: 'sandbox',
    ...extra,
  };
  delete env.PAYSTACK_SECRET_KEY;
  if (!extra.REDIS_URL) delete env.REDIS_URL;
  const child = spawn('bash', ['-c', `ulimit -n ${FILE_LIMIT} && exec "$0" "$1"`, process.execPath, COMPILED_SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, port };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy');
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Stream {
  user: number;
  request: http.ClientRequest;
}

/** Opens streams (raw node:http, no agent: one socket each); each notification's delay goes to `arrivals`. */
async function openStreams(port: number, tokens: string[], count: number, onNotification: (user: number, delayMs: number) => void) {
  const streams: Stream[] = [];
  let failed = 0;
  const openOne = (user: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/events',
          agent: false,
          headers: { authorization: `Bearer ${tokens[user]}`, accept: 'text/event-stream' },
        },
        (response) => {
          if (response.statusCode !== 200) {
            failed += 1;
            response.resume();
            return resolve();
          }
          response.setEncoding('utf8');
          let buffer = '';
          response.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!block.includes('event: notification\n')) continue;
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { createdAt: string };
              onNotification(user, Date.now() - Date.parse(data.createdAt));
            }
          });
          streams.push({ user, request });
          resolve();
        },
      );
      request.on('error', () => {
        failed += 1;
        resolve();
      });
      request.end();
    });
  const BATCH = 200;
  for (let first = 0; first < count; first += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - first) }, (_, i) => openOne(Math.floor((first + i) / STREAMS_PER_USER))),
    );
  }
  return { streams, failed, close: () => streams.forEach((s) => s.request.destroy()) };
}

async function pay(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const booked = await fetch(`${base}/api/book-delivery`, { method: 'POST', headers, body: JSON.stringify(bookingBody()) });
  if (booked.status !== 201) throw new Error(`booking failed: ${booked.status} ${await booked.text()}`);
  const id = ((await booked.json()) as { data: { id: string } }).data.id;
  const paid = await fetch(`${base}/api/payments/initiate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ deliveryId: id, method: 'wallet' }),
  });
  if (paid.status !== 200) throw new Error(`payment failed: ${paid.status}`);
}

/** One user pays at a time (the others' streams stay idle meanwhile); waits until all its streams have heard. */
async function measureLatency(payOn: string, users: number[], tokens: string[], arrivals: Map<number, number[]>) {
  const delays: number[] = [];
  let missing = 0;
  for (const user of users) {
    arrivals.set(user, []);
    await pay(payOn, tokens[user]!);
    const deadline = Date.now() + 2_000;
    while ((arrivals.get(user)?.length ?? 0) < STREAMS_PER_USER && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 2));
    }
    const heard = arrivals.get(user) ?? [];
    missing += STREAMS_PER_USER - heard.length;
    delays.push(...heard);
    arrivals.delete(user);
  }
  return { delays, missing };
}

function sample(usersWithStreams: number) {
  const step = Math.max(1, Math.floor(usersWithStreams / SAMPLED_USERS));
  return Array.from({ length: Math.min(SAMPLED_USERS, usersWithStreams) }, (_, i) => i * step);
}

const log = (line: string) => console.log(`  ${line}`);

const reachable = await new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2_000 })
  .connect()
  .then(
    () => true,
    () => false,
  );
if (!reachable) {
  console.log(`PostgreSQL not reachable at ${postgresUrl}: the live bench needs it (two instances share one database).`);
  process.exit(0);
}

compileServer();
const database = await createDatabase();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lf-bench-live-'));
const users = Math.ceil(STREAMS / STREAMS_PER_USER);
const results: Array<[string, string, string]> = [];
try {
  log(`seeding ${users} users with sessions and funded wallets…`);
  const tokens = await seedUsers(database.url, users);

  // (a) and (b) on one instance, no Redis.
  {
    const server = await startServer(database.url, 3811, dataDir);
    const idleRss = rssMb(server.child.pid!);
    const arrivals = new Map<number, number[]>();
    const started = Date.now();
    const opened = await openStreams(server.port, tokens, STREAMS, (user, delay) => arrivals.get(user)?.push(delay));
    log(`opened ${opened.streams.length} streams in ${((Date.now() - started) / 1000).toFixed(1)} s (${opened.failed} failed)`);
    await new Promise((r) => setTimeout(r, 2_000));
    const heldRss = rssMb(server.child.pid!);
    const { delays, missing } = await measureLatency(server.base, sample(users), tokens, arrivals);
    const afterRss = rssMb(server.child.pid!);
    const p99 = percentile(delays, 99);
    log(`one instance: ${delays.length} arrivals, ${missing} missing, p50 ${percentile(delays, 50)} ms, p99 ${p99} ms`);
    results.push(['streams held open on one instance', String(opened.streams.length), `${STREAMS}`]);
    results.push(['server RSS idle / with the streams / after the events, MB', `${idleRss.toFixed(0)} / ${heldRss.toFixed(0)} / ${afterRss.toFixed(0)}`, `≤ ${TARGETS.rssMb}`]);
    results.push([`event → every stream of its user, one instance, p50 / p99 ms (${delays.length} arrivals, ${missing} missing)`, `${percentile(delays, 50)} / ${p99}`, `p99 ≤ ${TARGETS.p99OneMs}`]);
    opened.close();
    await stopServer(server.child);
  }

  // (b) through Redis: the payment on instance one, the streams on instance two.
  {
    const one = await startServer(database.url, 3812, dataDir, { REDIS_URL: redisUrl });
    const two = await startServer(database.url, 3813, dataDir, { REDIS_URL: redisUrl });
    const arrivals = new Map<number, number[]>();
    const opened = await openStreams(two.port, tokens, CROSS_INSTANCE_STREAMS, (user, delay) => arrivals.get(user)?.push(delay));
    log(`opened ${opened.streams.length} streams on instance two (${opened.failed} failed)`);
    const { delays, missing } = await measureLatency(one.base, sample(CROSS_INSTANCE_STREAMS / STREAMS_PER_USER), tokens, arrivals);
    const p99 = percentile(delays, 99);
    log(`through Redis: ${delays.length} arrivals, ${missing} missing, p50 ${percentile(delays, 50)} ms, p99 ${p99} ms`);
    results.push([`event on instance one → streams on instance two via Redis, p50 / p99 ms (${opened.streams.length} streams, ${delays.length} arrivals, ${missing} missing)`, `${percentile(delays, 50)} / ${p99}`, `p99 ≤ ${TARGETS.p99RedisMs}`]);
    opened.close();
    await stopServer(two.child);
    await stopServer(one.child);
  }
} finally {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\n# Live stream (PostgreSQL)\n');
console.log('| figure | measured | target |\n|---|---|---|');
for (const [figure, measured, target] of results) console.log(`| ${figure} | ${measured} | ${target} |`);
