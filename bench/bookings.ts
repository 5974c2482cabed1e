/**
 * Booking, payment, My Deliveries and tracking under load, against the real server in its own process.
 *
 *   npx tsx bench/bookings.ts                       PGlite (temp DATA_DIR)
 *   npx tsx bench/bookings.ts --postgres postgres://postgres@127.0.0.1:5432/postgres
 *                                                   PGlite and PostgreSQL side by side (a throwaway database)
 *   options: --duration <s> (default 10)  --connections <n> (default 50)
 *
 * Users, sessions and funded wallets are written straight into the database BEFORE the server starts:
 * PGlite is single-process, so nothing else may open its data directory once the server has it, and this
 * keeps the bench independent of the sign-up flow. Everything measured goes through HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.js';
import { createSessionRepository } from '../src/server/modules/auth/session-repository.js';
import { createSessionService } from '../src/server/modules/auth/session-service.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { COMPILED_SERVER_MAIN, compileServer } from './compiled-server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGE = 20;

export interface BookingsBenchOptions {
  /** A PostgreSQL server URL; a throwaway database is created on it and dropped after. Omit for PGlite. */
  postgresUrl?: string;
  durationSeconds?: number;
  connections?: number;
  log?: (line: string) => void;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Transport errors, timeouts and non-2xx answers together. */
  errors: number;
  non2xx: number;
}

/** A read and the bare endpoint measured in alternating slices: their ratio is the figure. */
export interface ComparedMeasurement extends Measurement {
  ceilingRequestsPerSecond: number;
}

export interface BookingsBenchResult {
  database: 'pglite' | 'postgres';
  /** A bare Fastify endpoint in its own process, alone, at the start of the run (for reference). */
  ceiling: Measurement;
  health: Measurement;
  bookingAndPayment: Measurement & { pairsPerSecond: number };
  /** Each request verifies a different approved sandbox top-up, so each one credits a wallet (decision 027). */
  topUpVerification: Measurement;
  deliveriesList: ComparedMeasurement;
  tracking: ComparedMeasurement;
  /** Right after start, before any load. */
  idleRssMb: number;
  maxRssMb: number;
  /** The embedded database's own process (PGlite on disk runs in one, docs/decisions/014); 0 for PostgreSQL. */
  databaseProcessMaxRssMb: number;
  /** Both sampled together: what the machine gives the server and its embedded database at once. */
  combinedMaxRssMb: number;
}

export const TARGETS = {
  pairsPerSecondOnPostgres: 500,
  topUpVerificationsPerSecondOnPostgres: 300,
  shareOfCeiling: 0.4,
  p99Ms: 30,
  rssMb: 250,
};

/** Enough approved top-ups per user that every verification in the warm-up and the measurement credits anew. */
const TOP_UPS_PER_USER = 400;

export const BOOKING = {
  receiverName: 'Chinedu Eze',
  receiverPhone: '+2348031234567',
  pickupLocation: '12 Admiralty Way, Lekki, Lagos',
  dropoffLocation: '5 Awolowo Road, Ikoyi, Lagos',
  packageType: 'electronics',
  packageWeight: 'medium',
  transportMode: 'van',
  deliveryType: 'express',
  deliveryTime: 'afternoon',
  deliveryDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
  description: 'Bench parcel',
};

/**
 * Every measured request carries the Accept-Encoding a browser sends, the bare endpoint's too: the web app is
 * the client these reads serve, and it always accepts compressed answers.
 */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd' };

export async function prepareDatabase(postgresUrl: string | undefined, users: number) {
  // PostgreSQL runs still get a (nearly empty) DATA_DIR for the server's local files.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (postgresUrl) {
    const name = `lf_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const drop = async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const database = await openDatabase({ databaseUrl, dataDir });
  const tokens: string[] = [];
  /** Per token, the references of its approved, not yet verified sandbox top-ups. */
  const topUps = new Map<string, string[]>();
  try {
    await database.migrate();
    const sessions = createSessionService(createSessionRepository(database.db), { secureCookies: false });
    for (let i = 0; i < users; i++) {
      const user = await createUser(database.db, { name: `Bench User ${i}` });
      await fundWallet(database.db, user.id, 1_000_000_000_00);
      const token = (await sessions.startSession(user.id, true)).token;
      tokens.push(token);
      // As if each had gone through the sandbox checkout and approved: the payment initiated, the charge a success.
      const prefix = `LFT-bench-${i}-`;
      await database.db.execute(sql`
        insert into payments (reference, user_id, purpose, gateway, amount_kobo, checkout_url)
        select ${prefix} || n, ${user.id}::uuid, 'topup', 'sandbox', 10000, '' from generate_series(1, ${TOP_UPS_PER_USER}) n
      `);
      await database.db.execute(sql`
        insert into sandbox_charges (reference, amount_kobo, email, callback_url, status)
        select ${prefix} || n, 10000, 'bench@example.ng', '/dashboard/wallet', 'success' from generate_series(1, ${TOP_UPS_PER_USER}) n
      `);
      topUps.set(token, Array.from({ length: TOP_UPS_PER_USER }, (_, n) => `${prefix}${n + 1}`));
    }
  } finally {
    await database.close();
  }
  return { dataDir, databaseUrl, tokens, topUps, drop };
}

export async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  port: number,
  extraEnv: Record<string, string> = {},
) {
  const env: Record<string, string> = {
    // The child needs PATH and friends; it parses its own configuration.
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // Production refuses to start without Paystack unless the sandbox is chosen explicitly (the benches pay with it).
    PAYMENT_GATEWAY: 'sandbox',
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  delete env.PAYSTACK_SECRET_KEY;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // Plain node (not an npm or tsx wrapper) so the pid is the server itself, for its RSS.
  compileServer();
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to see where the server's time goes.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, COMPILED_SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGTERM');
  throw new Error('server did not become healthy');
}

/** The bare Fastify endpoint in its own process, kept running so it can be measured before and after. */
export async function startBareServer(port: number) {
  const child = spawn(process.execPath, ['bench/bare-server.mjs', String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/bare`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { child, url };
}

/** The processes the server started (the embedded database's). */
function childPidsOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the parent pid is the second field after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

type CannonOptions = Parameters<typeof autocannon>[0];

/** Each figure after a warm-up of its own (JIT, caches, connection pools), as the ceiling gets too. */
const WARM_UP_SECONDS = 2;

async function measure(name: string, options: CannonOptions): Promise<Measurement> {
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const result = await autocannon(options);
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, errors, non2xx: result.non2xx };
}

/**
 * A read against the ceiling: bare, read, bare, read… in slices, the same load for both. The machine's speed
 * drifts by a fifth within minutes here; alternating keeps the drift out of the ratio.
 */
async function measureAgainstCeiling(
  name: string,
  options: CannonOptions & { duration: number; connections: number },
  bareUrl: string,
  slices = 10,
): Promise<ComparedMeasurement> {
  const sliceSeconds = Math.max(1, Math.round(options.duration / slices));
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const totals = { read: 0, bare: 0, errors: 0, non2xx: 0, p99: 0 };
  for (let i = 0; i < slices; i++) {
    const bare = await autocannon({
      url: bareUrl,
      connections: options.connections,
      duration: sliceSeconds,
      headers: BROWSER_HEADERS,
    });
    const read = await autocannon({ ...options, duration: sliceSeconds });
    totals.bare += bare.requests.total;
    totals.read += read.requests.total;
    totals.errors += read.errors + read.timeouts + read.non2xx;
    totals.non2xx += read.non2xx;
    totals.p99 = Math.max(totals.p99, read.latency.p99);
  }
  const seconds = sliceSeconds * slices;
  return {
    name,
    requestsPerSecond: totals.read / seconds,
    ceilingRequestsPerSecond: totals.bare / seconds,
    p99Ms: totals.p99,
    errors: totals.errors,
    non2xx: totals.non2xx,
  };
}

export async function runBookingsBench(options: BookingsBenchOptions = {}): Promise<BookingsBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 50;
  const kind = options.postgresUrl ? 'postgres' : 'pglite';
  log(`[${kind}] seeding ${connections} users with sessions and funded wallets…`);
  const prepared = await prepareDatabase(options.postgresUrl, connections);
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  let server: { child: ChildProcess; base: string } | undefined;
  let bare: { child: ChildProcess; url: string } | undefined;
  let maxRss = 0;
  let databaseProcessMaxRss = 0;
  let combinedMaxRss = 0;
  let databasePids: number[] = [];
  const sampler = setInterval(() => {
    if (!server?.child.pid) return;
    const serverRss = rssMb(server.child.pid);
    const databaseRss = databasePids.reduce((sum, pid) => sum + rssMb(pid), 0);
    maxRss = Math.max(maxRss, serverRss);
    databaseProcessMaxRss = Math.max(databaseProcessMaxRss, databaseRss);
    combinedMaxRss = Math.max(combinedMaxRss, serverRss + databaseRss);
  }, 200);
  try {
    server = await startServer(prepared.dataDir, prepared.databaseUrl, port);
    const { base } = server;
    const idleRssMb = Math.round(rssMb(server.child.pid!));
    databasePids = childPidsOf(server.child.pid!);
    const auth = (token: string) => ({
      ...BROWSER_HEADERS,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    let next = 0;
    const tokenForClient = () => prepared.tokens[next++ % prepared.tokens.length]!;

    bare = await startBareServer(port + 1);
    log(`[${kind}] bare Fastify endpoint (the ceiling)…`);
    const ceiling = await measure('GET /bare (bare Fastify)', {
      url: bare.url,
      connections,
      duration,
      headers: BROWSER_HEADERS,
    });
    log(`[${kind}] GET /api/health/ready (one database ping)…`);
    const health = await measure('GET /api/health/ready', {
      url: `${base}/api/health/ready`,
      connections,
      duration,
      headers: BROWSER_HEADERS,
    });

    log(`[${kind}] booking + wallet payment…`);
    next = 0;
    const pair = await measure('POST book-delivery + payments/initiate (wallet)', {
      url: base,
      connections,
      duration,
      setupClient: (client) => {
        const headers = auth(tokenForClient());
        client.setRequests([
          {
            method: 'POST',
            path: '/api/book-delivery',
            headers,
            body: JSON.stringify(BOOKING),
            onResponse: (status, body, context) => {
              if (status === 201)
                (context as { deliveryId?: string }).deliveryId = (
                  JSON.parse(body) as { data: { id: string } }
                ).data.id;
            },
          },
          {
            method: 'POST',
            path: '/api/payments/initiate',
            headers,
            setupRequest: (request, context) => ({
              ...request,
              body: JSON.stringify({
                deliveryId: (context as { deliveryId?: string }).deliveryId ?? 'LF0',
                method: 'wallet',
              }),
            }),
          },
        ]);
      },
    });
    const bookingAndPayment = { ...pair, pairsPerSecond: pair.requestsPerSecond / 2 };

    log(`[${kind}] top-up verification + credit…`);
    next = 0;
    let exhausted = 0;
    const topUpVerification = await measure('POST wallet/top-ups/{reference}/verify (each a first verification)', {
      url: base,
      connections,
      duration,
      setupClient: (client) => {
        const token = tokenForClient();
        const references = prepared.topUps.get(token)!;
        client.setRequests([
          {
            method: 'POST',
            path: '/api/wallet/top-ups/none/verify',
            headers: auth(token),
            body: '{}',
            setupRequest: (request) => {
              const reference = references.pop();
              if (!reference) exhausted++;
              return { ...request, path: `/api/wallet/top-ups/${reference ?? 'none'}/verify` };
            },
          },
        ]);
      },
    });
    // A request without a fresh top-up gets a 404 and shows as an error in the table.
    if (exhausted > 0) log(`[${kind}] ${exhausted} verifications found no fresh top-up (raise TOP_UPS_PER_USER)`);

    // Every user gets at least a full page (20) of paid deliveries, so each connection lists a page of 20
    // and tracks one of its own tracking ids, however fast the booking phase was.
    log(`[${kind}] topping every user up to ${PAGE} paid deliveries…`);
    const trackingIds = new Map<string, string>();
    await Promise.all(
      prepared.tokens.map(async (token) => {
        const headers = auth(token);
        const page = async () =>
          (
            (await (await fetch(`${base}/api/deliveries?limit=${PAGE}`, { headers })).json()) as {
              data: { items: { trackingId: string | null }[] };
            }
          ).data;
        for (let have = (await page()).items.length; have < PAGE; have++) {
          const booked = await fetch(`${base}/api/book-delivery`, {
            method: 'POST',
            headers,
            body: JSON.stringify(BOOKING),
          });
          const { id } = ((await booked.json()) as { data: { id: string } }).data;
          await fetch(`${base}/api/payments/initiate`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ deliveryId: id, method: 'wallet' }),
          });
        }
        const tracked = (await page()).items.find((d) => d.trackingId);
        if (tracked?.trackingId) trackingIds.set(token, tracked.trackingId);
      }),
    );

    log(`[${kind}] GET /api/deliveries?limit=20, alternating with the bare endpoint…`);
    next = 0;
    const deliveriesList = await measureAgainstCeiling(
      'GET /api/deliveries?limit=20',
      {
        url: base,
        connections,
        duration,
        setupClient: (client) => {
          client.setRequests([{ method: 'GET', path: '/api/deliveries?limit=20', headers: auth(tokenForClient()) }]);
        },
      },
      bare.url,
    );

    log(`[${kind}] GET /api/tracking/{id}, alternating with the bare endpoint…`);
    next = 0;
    const tracking = await measureAgainstCeiling(
      'GET /api/tracking/{id}',
      {
        url: base,
        connections,
        duration,
        setupClient: (client) => {
          const token = tokenForClient();
          client.setRequests([
            { method: 'GET', path: `/api/tracking/${trackingIds.get(token) ?? 'LF-2222-2222'}`, headers: auth(token) },
          ]);
        },
      },
      bare.url,
    );

    return {
      database: kind,
      ceiling,
      health,
      bookingAndPayment,
      topUpVerification,
      deliveriesList,
      tracking,
      idleRssMb,
      maxRssMb: Math.round(maxRss),
      databaseProcessMaxRssMb: Math.round(databaseProcessMaxRss),
      combinedMaxRssMb: Math.round(combinedMaxRss),
    };
  } finally {
    clearInterval(sampler);
    bare?.child.kill('SIGTERM');
    if (server) await stopServer(server.child);
    await prepared.drop();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** One column per database, with the targets and whether each is met. */
export function formatBookingsTable(results: BookingsBenchResult[]): string {
  const header = ['measure', ...results.map((r) => r.database), 'target'];
  const rows: string[][] = [header];
  const row = (label: string, cell: (r: BookingsBenchResult) => string, target: string) =>
    rows.push([label, ...results.map(cell), target]);
  const share = (m: ComparedMeasurement) => m.requestsPerSecond / m.ceilingRequestsPerSecond;
  const mark = (okay: boolean) => (okay ? ' ✓' : ' ✗');

  row('bare Fastify endpoint req/s (alone)', (r) => fmt(r.ceiling.requestsPerSecond), 'ceiling');
  row('bare Fastify endpoint p99 ms', (r) => fmt(r.ceiling.p99Ms), '');
  row('GET /api/health/ready req/s (db ping)', (r) => fmt(r.health.requestsPerSecond), '');
  row('GET /api/health/ready p99 ms', (r) => fmt(r.health.p99Ms), '');
  row(
    'booking+wallet payment /s',
    (r) =>
      fmt(r.bookingAndPayment.pairsPerSecond) +
      (r.database === 'postgres' ? mark(r.bookingAndPayment.pairsPerSecond >= TARGETS.pairsPerSecondOnPostgres) : ''),
    `≥ ${TARGETS.pairsPerSecondOnPostgres} (PostgreSQL)`,
  );
  row('booking+payment p99 ms', (r) => fmt(r.bookingAndPayment.p99Ms), '');
  row(
    'booking+payment errors (non-2xx)',
    (r) => `${fmt(r.bookingAndPayment.errors)} (${fmt(r.bookingAndPayment.non2xx)})`,
    '0',
  );
  row(
    'top-up verification + credit /s',
    (r) =>
      fmt(r.topUpVerification.requestsPerSecond) +
      (r.database === 'postgres'
        ? mark(r.topUpVerification.requestsPerSecond >= TARGETS.topUpVerificationsPerSecondOnPostgres)
        : ''),
    `≥ ${TARGETS.topUpVerificationsPerSecondOnPostgres} (PostgreSQL)`,
  );
  row('top-up verification p99 ms', (r) => fmt(r.topUpVerification.p99Ms), '');
  row('top-up verification errors (non-2xx)', (r) => `${fmt(r.topUpVerification.errors)} (${fmt(r.topUpVerification.non2xx)})`, '0');
  for (const [label, pick] of [
    ['My Deliveries (20)', (r: BookingsBenchResult) => r.deliveriesList],
    ['tracking lookup', (r: BookingsBenchResult) => r.tracking],
  ] as const) {
    row(`${label} req/s`, (r) => fmt(pick(r).requestsPerSecond), '');
    row(`  bare alongside req/s`, (r) => fmt(pick(r).ceilingRequestsPerSecond), 'ceiling');
    row(
      `${label} % of bare`,
      (r) => `${fmt(share(pick(r)) * 100, 1)} %${mark(share(pick(r)) >= TARGETS.shareOfCeiling)}`,
      `≥ ${TARGETS.shareOfCeiling * 100} %`,
    );
    row(`${label} p99 ms`, (r) => fmt(pick(r).p99Ms) + mark(pick(r).p99Ms <= TARGETS.p99Ms), `≤ ${TARGETS.p99Ms}`);
    row(`${label} errors (non-2xx)`, (r) => `${fmt(pick(r).errors)} (${fmt(pick(r).non2xx)})`, '0');
  }
  row('server RSS idle MB', (r) => fmt(r.idleRssMb), '');
  row('server RSS max MB', (r) => fmt(r.maxRssMb) + mark(r.maxRssMb <= TARGETS.rssMb), `≤ ${TARGETS.rssMb}`);
  const embedded = (r: BookingsBenchResult, value: number) => (r.databaseProcessMaxRssMb > 0 ? fmt(value) : '–');
  row('embedded database process RSS max MB', (r) => embedded(r, r.databaseProcessMaxRssMb), '');
  row('server + embedded database RSS max MB', (r) => embedded(r, r.combinedMaxRssMb), '');

  const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, index) => {
      const line = r.map((cell, i) => cell.padEnd(widths[i]!)).join(' │ ');
      return index === 0 ? `${line}\n${widths.map((w) => '─'.repeat(w)).join('─┼─')}` : line;
    })
    .join('\n');
}

/** Stops a server started by startServer: SIGTERM, then SIGKILL if it has not exited in 15 s. */
export function stopServer(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** The value after `--name` on the command line. */
export function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const durationSeconds = Number(argument('duration') ?? 10);
  const connections = Number(argument('connections') ?? 50);
  const postgresUrl = argument('postgres');
  const results: BookingsBenchResult[] = [await runBookingsBench({ durationSeconds, connections })];
  if (postgresUrl) results.push(await runBookingsBench({ durationSeconds, connections, postgresUrl }));
  console.log(`\nBookings bench: ${connections} connections, ${durationSeconds} s each\n`);
  console.log(formatBookingsTable(results));
}
