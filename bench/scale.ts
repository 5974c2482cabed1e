/**
 * Flat cost at a million deliveries (issue 20): every hot read, uncached, at 1,000 and at 1,000,000 deliveries, on
 * the same server build, alternately; and `npm run ledger:check` at that size.
 *
 *   npm run bench:scale [-- --postgres postgres://postgres@127.0.0.1:5432/postgres] [--deliveries 1000000] [--small 1000]
 *                        [--duration 2] [--connections 20] [--rounds 4] [--idle 15] [--keep]
 *                        [--large-database NAME] [--small-database NAME] [--only 'READ NAME' ...]
 *
 * Two databases of their own (unique names) get the project's migrations and then, with SQL, deliveries over a year
 * in every status with their events, the ledger that paid for them, notifications, outbox rows, drivers,
 * withdrawals and partner applications (bench/scale-data.ts): 1,000,000 deliveries over 50,000 users, one merchant
 * with 50,000 of them, and a small one of the same shape (1,000 over 50). Both are dropped at the end unless `--keep`;
 * `--large-database`/`--small-database` reuse databases kept before (never dropped), to skip the build; `--only`
 * (repeatable) measures just the named reads, as the table names them, to measure a miss again.
 *
 * The compiled server runs against each with `DELIVERY_READ_CACHE_MS=0`: My Deliveries and tracking, which it keeps
 * in memory for 30 s otherwise, are read from the database every time. For each read: the median of `--idle`
 * requests one after another on an idle server (after 3 unmeasured), and p99 at `--connections` connections for
 * `--duration` seconds (after one second unmeasured), small and large alternately (each first in every other round)
 * for `--rounds` rounds; each figure is the median of its rounds. Targets: p99 at 1,000,000 within 1.5× of its figure at 1,000, one request on an idle
 * server at most 50 ms; ledger:check within 60 s. A missed target is reported, not an exit code: the command exits
 * non-zero only when something fails (an error answer, a ledger difference, a build error).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { encodeCursor } from '../src/server/lib/cursor.js';
import { createSessionRepository } from '../src/server/modules/auth/session-repository.js';
import { createSessionService } from '../src/server/modules/auth/session-service.js';
import { startServer } from './bookings.js';
import { buildScaleData, shapeOf, userIdSql } from './scale-data.js';

const TARGET_RATIO = 1.5;
const TARGET_IDLE_MS = 50;
const TARGET_LEDGER_CHECK_S = 60;
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

const { values: args } = parseArgs({
  options: {
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
    deliveries: { type: 'string', default: '1000000' },
    small: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '2' },
    connections: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '4' },
    idle: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
    'large-database': { type: 'string' },
    'small-database': { type: 'string' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const idleRequests = Number(args.idle);

const log = (line: string) => console.log(line);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const urlOf = (database: string) => {
  const url = new URL(args.postgres);
  url.pathname = `/${database}`;
  return url.toString();
};
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Databases this run created: dropped at the end (unless --keep), even when a later step failed. */
const createdDatabases: string[] = [];

interface Prepared {
  label: string;
  deliveries: number;
  databaseUrl: string;
  tokens: { merchant: string; operator: string; driver: string };
  trackingId: string;
  deepCursor: string;
}

/** The database of one size: made and filled (or reused), then sessions and the sample keys the reads need. */
async function prepare(
  label: string,
  deliveries: number,
  existing: string | undefined,
  suffix: string,
): Promise<Prepared> {
  const admin = new pg.Client({ connectionString: args.postgres });
  await admin.connect();
  const name = existing ?? `lf_bench_scale_${suffix}_${label}`;
  const databaseUrl = urlOf(name);
  try {
    if (!existing) {
      await admin.query(`create database ${name}`);
      createdDatabases.push(name);
      log(`[${label}] database ${name}: migrations…`);
      const database = await openDatabase({ databaseUrl, dataDir: tmpdir() });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      log(`[${label}] ${deliveries.toLocaleString('en')} deliveries and everything around them…`);
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const started = performance.now();
      try {
        await buildScaleData(client, shapeOf(deliveries), log);
      } finally {
        await client.end();
      }
      log(`[${label}] built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } else {
      log(`[${label}] reusing database ${name}`);
    }
  } finally {
    await admin.end();
  }

  const database = await openDatabase({ databaseUrl, dataDir: tmpdir() });
  try {
    const sessions = createSessionService(createSessionRepository(database.db), { secureCookies: false });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const ids = (
        await client.query<{ merchant: string; operator: string; driver: string }>(
          `select ${userIdSql('1')} as merchant, ${userIdSql('2')} as operator, ${userIdSql('3')} as driver`,
        )
      ).rows[0]!;
      const tokens = {
        merchant: (await sessions.startSession(ids.merchant, true)).token,
        operator: (await sessions.startSession(ids.operator, true)).token,
        driver: (await sessions.startSession(ids.driver, true)).token,
      };
      // The merchant's newest delivery in transit to track (the same kind at both sizes: with its history and driver), and a key halfway down their history: a deep page.
      const { rows } = await client.query<{ tracking_id: string }>(
        `select tracking_id from deliveries where user_id = $1 and status = 'in_transit' order by created_at desc, number desc limit 1`,
        [ids.merchant],
      );
      const mid = await client.query<{ at: string; number: number }>(
        `select created_at::text as at, number from deliveries where user_id = $1 order by created_at desc, number desc
         offset (select count(*) / 2 from deliveries where user_id = $1) limit 1`,
        [ids.merchant],
      );
      return {
        label,
        deliveries,
        databaseUrl,
        tokens,
        trackingId: rows[0]!.tracking_id,
        deepCursor: encodeCursor([mid.rows[0]!.at, mid.rows[0]!.number]),
      };
    } finally {
      await client.end();
    }
  } finally {
    await database.close();
  }
}

interface Read {
  name: string;
  path: string;
  token: keyof Prepared['tokens'];
}

/** The hot reads; a board tab's next page takes its first page's cursor (asked of each server). */
async function readsOf(base: string, prepared: Prepared): Promise<Read[]> {
  const reads: Read[] = [];
  for (const tab of ['unassigned', 'active', 'delivered', 'cancelled', 'all']) {
    const first = `/api/dispatch/deliveries?status=${tab}`;
    reads.push({ name: `board, ${tab}`, path: first, token: 'operator' });
    const page = (await getJson(base + first, prepared.tokens.operator)) as { data: { nextCursor: string | null } };
    if (page.data.nextCursor)
      reads.push({
        name: `board, ${tab}, next page`,
        path: `${first}&cursor=${page.data.nextCursor}`,
        token: 'operator',
      });
  }
  reads.push(
    { name: 'My Deliveries, first page (merchant)', path: '/api/deliveries', token: 'merchant' },
    {
      name: 'My Deliveries, deep page (merchant)',
      path: `/api/deliveries?cursor=${prepared.deepCursor}`,
      token: 'merchant',
    },
    { name: 'My Deliveries, in transit (merchant)', path: '/api/deliveries?status=in_transit', token: 'merchant' },
    { name: 'My Deliveries, cancelled (merchant)', path: '/api/deliveries?status=cancelled', token: 'merchant' },
    { name: 'dashboard summary (merchant)', path: '/api/dashboard/summary', token: 'merchant' },
    { name: 'notifications (merchant)', path: '/api/notifications', token: 'merchant' },
    { name: 'notifications, unread (merchant)', path: '/api/notifications?unread=true', token: 'merchant' },
    { name: 'wallet transactions (merchant)', path: '/api/wallet/transactions', token: 'merchant' },
    { name: 'tracking (merchant)', path: `/api/tracking/${prepared.trackingId}`, token: 'merchant' },
    { name: 'withdrawals, all (operator)', path: '/api/dispatch/withdrawals', token: 'operator' },
    { name: 'withdrawals, pending (operator)', path: '/api/dispatch/withdrawals?status=pending', token: 'operator' },
    { name: 'applications, no filter (operator)', path: '/api/operator/partner-applications', token: 'operator' },
    {
      name: 'applications, open (operator)',
      path: '/api/operator/partner-applications?status=open',
      token: 'operator',
    },
    {
      name: 'applications, submitted (operator)',
      path: '/api/operator/partner-applications?status=submitted',
      token: 'operator',
    },
    { name: 'driver jobs, active', path: '/api/driver/jobs?scope=active', token: 'driver' },
    { name: 'driver jobs, completed', path: '/api/driver/jobs?scope=completed', token: 'driver' },
  );
  return reads;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function getJson(url: string, token: string): Promise<unknown> {
  const { status, body } = await get(url, token);
  if (status !== 200) throw new Error(`GET ${url}: ${status} ${body.slice(0, 300)}`);
  return JSON.parse(body);
}

/** One request at a time: the median of `idleRequests`, after 3 unmeasured. Errors are counted. */
async function idleMs(url: string, token: string): Promise<{ ms: number; errors: number }> {
  let errors = 0;
  const times: number[] = [];
  for (let i = 0; i < idleRequests + 3; i++) {
    const started = performance.now();
    const { status } = await get(url, token);
    const ms = performance.now() - started;
    if (status !== 200) errors++;
    if (i >= 3) times.push(ms);
  }
  return { ms: median(times), errors };
}

async function loadedP99(url: string, token: string): Promise<{ p99: number; rps: number; errors: number }> {
  const options = { url, connections, headers: { ...HEADERS, authorization: `Bearer ${token}` } };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration });
  return {
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

interface Figure {
  idle: number[];
  p99: number[];
  rps: number[];
  /** Rows on the page (1 for a read that is not a list): a short page costs less than a full one. */
  rows: number;
}

async function rowsOf(url: string, token: string): Promise<number> {
  const body = (await getJson(url, token)) as { data: { items?: unknown[] } };
  return Array.isArray(body.data.items) ? body.data.items.length : 1;
}

async function main() {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const startedAt = new Date();
  log(`bench:scale on ${args.postgres.replace(/\/\/[^@]*@/, '//')}; load average ${load()}`);
  const prepared: Prepared[] = [];
  const servers: { child: ReturnType<typeof spawn>; base: string }[] = [];
  const dataDirs: string[] = [];
  let errors = 0;
  try {
    prepared.push(await prepare('1k', Number(args.small), args['small-database'], suffix));
    prepared.push(await prepare('1m', Number(args.deliveries), args['large-database'], suffix));

    for (const size of prepared) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `lanefreight-bench-scale-${size.label}-`));
      dataDirs.push(dataDir);
      const port = 40_000 + Math.floor(Math.random() * 10_000);
      servers.push(await startServer(dataDir, size.databaseUrl, port, { DELIVERY_READ_CACHE_MS: '0' }));
    }
    const readsBySize = await Promise.all(prepared.map((size, i) => readsOf(servers[i]!.base, size)));
    const names = readsBySize[0]!
      .map((r) => r.name)
      .filter((name) => readsBySize[1]!.some((r) => r.name === name))
      .filter((name) => !args.only || args.only.includes(name));

    const figures = new Map<string, [Figure, Figure]>();
    log(
      `\nmeasuring ${names.length} reads: ${rounds} rounds, ${prepared.map((p) => p.label).join(' and ')} alternately; load average ${load()}`,
    );
    for (const name of names) {
      const pair: [Figure, Figure] = [
        { idle: [], p99: [], rps: [], rows: 0 },
        { idle: [], p99: [], rps: [], rows: 0 },
      ];
      for (let i = 0; i < prepared.length; i++) {
        const read = readsBySize[i]!.find((r) => r.name === name)!;
        pair[i]!.rows = await rowsOf(servers[i]!.base + read.path, prepared[i]!.tokens[read.token]);
      }
      for (let round = 0; round < rounds; round++) {
        // Small first in even rounds, large first in odd ones: neither size always follows the other.
        for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) {
          const read = readsBySize[i]!.find((r) => r.name === name)!;
          const url = servers[i]!.base + read.path;
          const token = prepared[i]!.tokens[read.token];
          const idle = await idleMs(url, token);
          const loaded = await loadedP99(url, token);
          errors += idle.errors + loaded.errors;
          if (idle.errors + loaded.errors > 0)
            log(`  ✗ ${name} at ${prepared[i]!.label}: ${idle.errors + loaded.errors} errors`);
          pair[i]!.idle.push(idle.ms);
          pair[i]!.p99.push(loaded.p99);
          pair[i]!.rps.push(loaded.rps);
        }
      }
      figures.set(name, pair);
      const [small, large] = pair;
      log(
        `  ${name}: idle ${median(small.idle).toFixed(1)} / ${median(large.idle).toFixed(1)} ms, p99 ${small.p99.join(' ')} / ${large.p99.join(' ')} ms`,
      );
    }
    const loadAfterReads = load();

    // ledger:check on the large database, as an operator would run it.
    log(`\nnpm run ledger:check on ${prepared[1]!.label}…`);
    const ledgerStarted = performance.now();
    const ledger = spawnSync('npm', ['run', '--silent', 'ledger:check'], {
      env: { ...process.env, DATABASE_URL: prepared[1]!.databaseUrl },
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const ledgerSeconds = (performance.now() - ledgerStarted) / 1000;
    const ledgerOk = ledger.status === 0;
    if (!ledgerOk) {
      errors++;
      log(`ledger:check exited ${ledger.status}:\n${(ledger.stderr ?? '').slice(0, 2000)}`);
    }

    // The table, ready for bench/README.md.
    const rows: string[] = [];
    let missed = 0;
    for (const name of names) {
      const [small, large] = figures.get(name)!;
      const p99Small = median(small.p99);
      const p99Large = median(large.p99);
      const ratio = p99Large / Math.max(p99Small, 1);
      const idleLarge = median(large.idle);
      const met = ratio <= TARGET_RATIO && idleLarge <= TARGET_IDLE_MS;
      if (!met) missed++;
      rows.push(
        `| ${name} | ${median(small.idle).toFixed(1)} | ${idleLarge.toFixed(1)} | ${p99Small} | ${p99Large} | ${ratio.toFixed(2)}× | ${Math.round(median(small.rps))} | ${Math.round(median(large.rps))} | ${small.rows} / ${large.rows} | ${met ? '✓' : '✗'} |`,
      );
    }
    log(
      `\nStarted ${startedAt.toISOString()}; load average during the reads ending ${loadAfterReads}; ${connections} connections, ${duration} s × ${rounds} rounds`,
    );
    log(
      `| read | idle ms, ${prepared[0]!.label} | idle ms, ${prepared[1]!.label} | p99 ms, ${prepared[0]!.label} | p99 ms, ${prepared[1]!.label} | p99 ratio | req/s, ${prepared[0]!.label} | req/s, ${prepared[1]!.label} | rows | met |`,
    );
    log('|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) log(row);
    log(
      `| npm run ledger:check, ${prepared[1]!.label} | | ${ledgerSeconds.toFixed(1)} s | | | | | | | ${ledgerOk && ledgerSeconds <= TARGET_LEDGER_CHECK_S ? '✓' : '✗'} |`,
    );
    log(
      `\n${names.length - missed} of ${names.length} reads met both targets (p99 within ${TARGET_RATIO}×, idle ≤ ${TARGET_IDLE_MS} ms); errors: ${errors}`,
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) =>
            server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve),
          ),
      ),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    agent.destroy();
    const admin = new pg.Client({ connectionString: args.postgres });
    await admin.connect();
    try {
      for (const name of createdDatabases) {
        if (args.keep)
          log(`kept database ${name} (reuse it with --${name.endsWith('_1k') ? 'small' : 'large'}-database ${name})`);
        else await admin.query(`drop database if exists ${name} with (force)`);
      }
    } finally {
      await admin.end();
    }
  }
  process.exitCode = errors > 0 ? 1 : 0;
}

await main();
