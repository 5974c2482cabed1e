/**
 * The dispatch cycle under load, against the real server in its own process, on PostgreSQL:
 * an operator assigns a driver, the driver makes the three steps (picked up, in transit, out for delivery) and
 * hands over with the receiver's code (read from the outbox, as the receiver reads it from the SMS). One job is
 * those five requests; the figure is jobs completed per second (target ≥ 200). The ledger is checked afterwards
 * (every hand-over posts the driver's earnings): it must be clean.
 *
 *   npx tsx bench/dispatch.ts [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--duration 10] [--connections 32] [--cycle cod] [--port 3420]
 *
 * Accounts (an operator, 200 customers with funded wallets, and enough drivers that none passes the per-driver
 * handover rate limit) are written before the server starts; the paid deliveries are booked and paid through
 * HTTP before the measurement. A throwaway database is created and dropped.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client.js';
import { drivers } from '../src/server/db/schema/index.js';
import { createSessionRepository } from '../src/server/modules/auth/session-repository.js';
import { createSessionService } from '../src/server/modules/auth/session-service.js';
import { checkLedger } from '../src/server/modules/wallet/ledger-check.js';
import { createUser, fundWallet } from '../src/server/test/factories.js';
import { startServer } from './bookings.js';
import { cpuMsOf } from './cpu.js';

export const DISPATCH_TARGET_JOBS_PER_SECOND = 200;
/**
 * The pay-on-delivery cycle (issue 22): on deliveries booked to collect ₦20,000, already out for delivery, the receiver
 * pays by link (the pay page's form, the sandbox checkout and its approval, the way back, which settles into escrow)
 * and the driver hands over (which settles escrow, fee and reserve in one posting). Target ≥ 150 deliveries a second.
 */
export const COD_TARGET_DELIVERIES_PER_SECOND = 150;
/** /api/health on PostgreSQL when this machine was at its fastest (bench/README.md, 2026-11-21). */
const REFERENCE_HEALTH_PER_SECOND = 13_800;

export interface DispatchBenchResult {
  jobs: number;
  seconds: number;
  jobsPerSecond: number;
  requestsPerSecond: number;
  /** Slowest job (five requests and the code lookup), 99th percentile. */
  p99JobMs: number;
  /** Mean latency of each kind of request in the cycle, to see where the time goes. */
  meanMs: Record<string, number>;
  errors: number;
  ledgerDifferences: string[];
  /**
   * `/api/health/ready` (one database round trip; /api/health was one until decision 050) at the same concurrency, measured before the cycle: this machine's
   * speed changes several-fold from hour to hour, and the cycle's figure moves with it.
   */
  healthPerSecond: number;
  /**
   * CPU time spent per job by the server process and by the PostgreSQL backends serving this database (Linux,
   * /proc): it moves much less than jobs a second with what else the machine is doing, so it compares two versions.
   */
  cpuMsPerJob: { server: number; postgres: number } | null;
  /** This process (the load generator) and the code lookups' PostgreSQL backends: what the bench itself takes from the cores. */
  benchCpuMsPerJob: number | null;
}

const STEPS = ['picked_up', 'in_transit', 'out_for_delivery'] as const;
/** The default HANDOVER_RATE_LIMIT_PER_MINUTE: each driver hands over at most this many jobs a minute. */
const HANDOVER_PER_DRIVER_PER_MINUTE = 10;
const CUSTOMERS = 200;
const CODE_LOOKUP_APPLICATION = 'bench-code-lookup';

const BOOKING = {
  receiverName: 'Chinedu Eze',
  pickupLocation: '12 Admiralty Way, Lekki, Lagos',
  dropoffLocation: '5 Awolowo Road, Ikoyi, Lagos',
  packageType: 'electronics',
  packageWeight: 'medium',
  transportMode: 'van',
  deliveryType: 'express',
  deliveryTime: 'afternoon',
  deliveryDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
};

export async function runDispatchBench(options: {
  postgresUrl: string;
  durationSeconds?: number;
  connections?: number;
  /** dispatch: assign, three steps, hand-over. cod: the pay-on-delivery cycle on jobs already out for delivery. */
  cycle?: 'dispatch' | 'cod';
  /** The server's port; a random one from 40,000 by default (a shared machine may give each bench its own range). */
  port?: number;
  log?: (line: string) => void;
}): Promise<DispatchBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 32;
  const cod = options.cycle === 'cod';
  const target = cod ? COD_TARGET_DELIVERIES_PER_SECOND : DISPATCH_TARGET_JOBS_PER_SECOND;
  // Enough paid deliveries for 1.5× the target over the whole run, and enough drivers that each stays in its limit.
  const jobsToPrepare = Math.ceil(target * 1.5 * duration);
  const driverCount = Math.ceil((target * 1.5 * 60) / HANDOVER_PER_DRIVER_PER_MINUTE);

  const name = `lf_bench_dispatch_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: options.postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(options.postgresUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lanefreight-bench-dispatch-'));

  log(`[postgres] ${driverCount} drivers, an operator and ${CUSTOMERS} customers…`);
  const database = await openDatabase({ databaseUrl, dataDir });
  let operatorToken = '';
  // Many customers, as in life: each customer's live events are numbered in one row, which would serialise a single one.
  const customerTokens: string[] = [];
  const driverAccounts: { id: string; token: string }[] = [];
  try {
    await database.migrate();
    const sessions = createSessionService(createSessionRepository(database.db), { secureCookies: false });
    const operator = await createUser(database.db, { name: 'Bench Operator', roles: ['customer', 'operator'] });
    operatorToken = (await sessions.startSession(operator.id, true)).token;
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await createUser(database.db, { name: `Bench Customer ${i}` });
      await fundWallet(database.db, customer.id, 1_000_000_000_00);
      customerTokens.push((await sessions.startSession(customer.id, true)).token);
    }
    for (let i = 0; i < driverCount; i++) {
      const user = await createUser(database.db, { name: `Bench Driver ${i}`, phone: `+23481${String(i).padStart(8, '0')}`, roles: ['customer', 'driver'] });
      await database.db.insert(drivers).values({ userId: user.id, transportMode: 'van', vehicleType: 'van', plateNumber: `BEN-${i}` });
      driverAccounts.push({ id: user.id, token: (await sessions.startSession(user.id, true)).token });
    }
  } finally {
    await database.close();
  }

  const port = options.port ?? 40_000 + Math.floor(Math.random() * 10_000);
  const server = await startServer(dataDir, databaseUrl, port);
  // Its connections stay open while idle: their CPU is counted as the bench's, and a closed one would leave no count.
  const outbox = new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 0, application_name: CODE_LOOKUP_APPLICATION });
  // Dropping the database at the end ends its idle connections: not an error worth crashing over.
  outbox.on('error', () => undefined);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    // node:http with kept-alive sockets rather than fetch, which costs about three times the CPU per request: the
    // load generator shares the machine's cores with the server and PostgreSQL.
    const call = (pathName: string, token: string, body: object) =>
      new Promise<{ data: { id: string } }>((resolve, reject) => {
        const payload = JSON.stringify(body);
        const req = http.request(
          `${server.base}${pathName}`,
          {
            method: 'POST',
            agent,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              if ((res.statusCode ?? 0) >= 400) reject(new Error(`${pathName}: ${res.statusCode} ${text.slice(0, 200)}`));
              else resolve(JSON.parse(text) as { data: { id: string } });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    const health = await autocannon({ url: `${server.base}/api/health/ready`, connections, duration: 3 });
    const healthPerSecond = health.requests.average;
    log(`[postgres] machine reference: /api/health/ready (one database round trip) ${Math.round(healthPerSecond)} req/s`);

    log(`[postgres] booking and paying ${jobsToPrepare} deliveries for ${CUSTOMERS} customers${cod ? ', to collect on delivery, out for delivery' : ''} (not measured)…`);
    const queue: { id: string; phone: string; driver?: { id: string; token: string } }[] = [];
    let booked = 0;
    let nextDriver = 0;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (booked < jobsToPrepare) {
          const n = booked++;
          const phone = `+23480${String(n).padStart(8, '0')}`;
          const customerToken = customerTokens[n % customerTokens.length]!;
          const booking = cod ? { ...BOOKING, receiverPhone: phone, collectOnDelivery: { amountKobo: 2_000_000 } } : { ...BOOKING, receiverPhone: phone };
          const { id } = (await call('/api/book-delivery', customerToken, booking)).data;
          await call('/api/payments/initiate', customerToken, { deliveryId: id, method: 'wallet' });
          if (!cod) {
            queue.push({ id, phone });
            continue;
          }
          const driver = driverAccounts[nextDriver++ % driverAccounts.length]!;
          await call(`/api/dispatch/deliveries/${id}/assign-driver`, operatorToken, { driverId: driver.id });
          for (const status of STEPS) await call(`/api/driver/jobs/${id}/status`, driver.token, { status });
          queue.push({ id, phone, driver });
        }
      }),
    );

    /** Which of a receiver's messages carries their hand-over code, and which their pay link: the newest of each. */
    const CODE_MESSAGES = 'holds_secret';
    const PAY_LINK_MESSAGES = `body like '%/pay/%'`;
    /** Every receiver's newest message matching `condition`, `phone → body`: read once, before the measured phase. */
    const newestOfEach = async (condition: string) => {
      const { rows } = await outbox.query<{ recipient: string; body: string }>(
        `select distinct on (recipient) recipient, body from outbox_messages where ${condition} order by recipient, created_at desc`,
      );
      return new Map(rows.map((row) => [row.recipient, row.body]));
    };
    let codesReadAhead = new Map<string, string>();
    let payLinksReadAhead = new Map<string, string>();
    /** The receiver's newest message matching `condition`: from what was read ahead, else from the outbox now. */
    const newest = async (condition: string, phone: string, readAhead: Map<string, string>) => {
      if (readAhead.has(phone)) return readAhead.get(phone);
      const { rows } = await outbox.query<{ body: string }>(
        `select body from outbox_messages where recipient = $1 and ${condition} order by created_at desc limit 1`,
        [phone],
      );
      return rows[0]?.body;
    };
    const codeOf = async (phone: string) => {
      const code = /(?<![\w-])(\d{4})(?![\w-])/.exec((await newest(CODE_MESSAGES, phone, codesReadAhead)) ?? '')?.[1];
      if (!code) throw new Error(`no handover code for ${phone}`);
      return code;
    };
    const payLinkOf = async (phone: string) => {
      const link = /\/pay\/[A-Za-z0-9_-]{22}/.exec((await newest(PAY_LINK_MESSAGES, phone, payLinksReadAhead)) ?? '')?.[0];
      if (!link) throw new Error(`no pay link for ${phone}`);
      return link;
    };
    /** One request as a browser without script makes it: its status and where it redirects. */
    const browse = (pathName: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }) =>
      new Promise<{ status: number; location: string | undefined; text: string }>((resolve, reject) => {
        const req = http.request(`${server.base}${pathName}`, { method: init.method, agent, headers: init.headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(init.body);
      });
    /** The receiver pays through the link in the sandbox: the form, the checkout page, its approval, the way back. */
    const payByLink = async (phone: string) => {
      const started = await browse(await payLinkOf(phone), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'pay=1' });
      if (started.status !== 303 || !started.location) throw new Error(`pay form: ${started.status}`);
      const page = await browse(started.location, { method: 'GET' });
      const form = /action="([^"]+\/approve)"[\s\S]*?name="csrf" value="([^"]*)"/.exec(page.text);
      if (!form) throw new Error(`checkout page: ${page.status}`);
      const boundary = `----bench${randomBytes(6).toString('hex')}`;
      const approved = await browse(form[1]!, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'sec-fetch-site': 'same-origin' },
        body: `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${form[2]}\r\n--${boundary}--\r\n`,
      });
      if (approved.status !== 303 || !approved.location) throw new Error(`approval: ${approved.status}`);
      const back = await browse(approved.location, { method: 'GET' });
      if (back.status !== 200) throw new Error(`back from the checkout: ${back.status}`);
    };

    // A database in service has its statistics (autovacuum keeps them); one filled a moment ago has none, and plans
    // made without them scan whole tables (a receipt's check for an existing one read every receipt).
    await outbox.query('analyze');
    if (cod) {
      // Every receiver's code and pay link were sent during the setup (assigned, then out for delivery). A receiver
      // reads them from the SMS, which costs the server nothing: read them now rather than in the measured phase,
      // where the lookups would take the cores the product is measured on. A message not stored yet is read then.
      codesReadAhead = await newestOfEach(CODE_MESSAGES);
      payLinksReadAhead = await newestOfEach(PAY_LINK_MESSAGES);
    }
    log(
      cod
        ? `[postgres] the receiver pays by link (form, checkout, approval, back) → deliver with the code, ${connections} at a time, ${duration} s…`
        : `[postgres] assign → 3 steps → deliver with the code, ${connections} at a time, ${duration} s…`,
    );
    const spent = new Map<string, { ms: number; count: number }>();
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      try {
        return await work();
      } finally {
        const entry = spent.get(name) ?? { ms: 0, count: 0 };
        entry.ms += performance.now() - start;
        entry.count++;
        spent.set(name, entry);
      }
    };
    let jobs = 0;
    let errors = 0;
    const jobMs: number[] = [];
    // The server's connections, not the code lookups' own: the receiver reads the SMS, not the database.
    const { rows: backends } = await outbox.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name <> $1`,
      [CODE_LOOKUP_APPLICATION],
    );
    const postgresPids = backends.map((row) => row.pid);
    const { rows: lookupBackends } = await outbox.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and application_name = $1`,
      [CODE_LOOKUP_APPLICATION],
    );
    const benchPids = [process.pid, ...lookupBackends.map((row) => row.pid)];
    const benchCpuBefore = cpuMsOf(benchPids);
    const serverPid = server.child.pid!;
    const cpuBefore = { server: cpuMsOf([serverPid]), postgres: cpuMsOf(postgresPids) };
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const delivery = queue.shift();
          if (!delivery) return;
          const driver = delivery.driver ?? driverAccounts[nextDriver++ % driverAccounts.length]!;
          const jobStart = performance.now();
          try {
            if (cod) {
              await timed('pay by link', () => payByLink(delivery.phone));
            } else {
              await timed('assign', () => call(`/api/dispatch/deliveries/${delivery.id}/assign-driver`, operatorToken, { driverId: driver.id }));
              for (const status of STEPS) await timed('step', () => call(`/api/driver/jobs/${delivery.id}/status`, driver.token, { status }));
            }
            const code = await timed('code lookup', () => codeOf(delivery.phone));
            await timed('deliver', () => call(`/api/driver/jobs/${delivery.id}/deliver`, driver.token, { code }));
            jobs++;
            jobMs.push(performance.now() - jobStart);
          } catch (error) {
            if (errors++ < 3) log(`  ${(error as Error).message}`);
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuAfter = { server: cpuMsOf([serverPid]), postgres: cpuMsOf(postgresPids) };
    const benchCpuAfter = cpuMsOf(benchPids);
    const benchCpuMsPerJob = jobs > 0 && benchCpuBefore !== null && benchCpuAfter !== null ? (benchCpuAfter - benchCpuBefore) / jobs : null;
    const cpuMsPerJob =
      jobs > 0 && cpuBefore.server !== null && cpuAfter.server !== null && cpuBefore.postgres !== null && cpuAfter.postgres !== null
        ? { server: (cpuAfter.server - cpuBefore.server) / jobs, postgres: (cpuAfter.postgres - cpuBefore.postgres) / jobs }
        : null;
    const meanMs = Object.fromEntries([...spent].map(([key, { ms, count }]) => [key, Math.round(ms / count)]));
    if (queue.length === 0) log('[postgres] the prepared deliveries ran out before the end: the figure is a lower bound');
    jobMs.sort((a, b) => a - b);
    const p99JobMs = jobMs[Math.min(jobMs.length - 1, Math.floor(jobMs.length * 0.99))] ?? 0;

    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    const check = await openDatabase({ databaseUrl, dataDir });
    let ledgerDifferences: string[];
    try {
      ledgerDifferences = (await checkLedger(check.db)).differences;
    } finally {
      await check.close();
    }
    return {
      jobs,
      seconds,
      jobsPerSecond: jobs / seconds,
      requestsPerSecond: (jobs * 5) / seconds,
      p99JobMs,
      meanMs,
      errors,
      ledgerDifferences,
      healthPerSecond,
      cpuMsPerJob,
      benchCpuMsPerJob,
    };
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGTERM');
    agent.destroy();
    await outbox.end();
    const cleanup = new pg.Client({ connectionString: options.postgresUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatDispatchBench(result: DispatchBenchResult, cycle: 'dispatch' | 'cod' = 'dispatch'): string {
  const target = cycle === 'cod' ? COD_TARGET_DELIVERIES_PER_SECOND : DISPATCH_TARGET_JOBS_PER_SECOND;
  const verdict = result.jobsPerSecond >= target ? 'meets' : 'MISSES';
  return [
    `jobs completed        ${result.jobs} in ${result.seconds.toFixed(1)} s`,
    `jobs/s                ${result.jobsPerSecond.toFixed(0)} (${verdict} the target of ${target}; ${result.requestsPerSecond.toFixed(0)} requests/s)`,
    `p99 per job           ${result.p99JobMs.toFixed(0)} ms (5 requests and the ${cycle === 'cod' ? 'link and code lookups' : 'code lookup'})`,
    `mean ms               ${Object.entries(result.meanMs).map(([key, ms]) => `${key} ${ms}`).join(', ')}`,
    `errors                ${result.errors}`,
    `CPU per job           ${result.cpuMsPerJob ? `server ${result.cpuMsPerJob.server.toFixed(1)} ms, PostgreSQL ${result.cpuMsPerJob.postgres.toFixed(1)} ms` : 'not measured (no /proc)'}${result.benchCpuMsPerJob === null ? '' : `; the bench itself ${result.benchCpuMsPerJob.toFixed(1)} ms`}`,
    `machine reference     /api/health/ready ${Math.round(result.healthPerSecond)} req/s (one database round trip, ${REFERENCE_HEALTH_PER_SECOND.toLocaleString('en-US')} on the quiet machine of 2026-11-21)`,
    `ledger check          ${result.ledgerDifferences.length === 0 ? 'clean' : `${result.ledgerDifferences.length} differences: ${result.ledgerDifferences.slice(0, 3).join('; ')}`}`,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const arg = (flag: string) => {
    const index = process.argv.indexOf(flag);
    return index >= 0 ? process.argv[index + 1] : undefined;
  };
  const cycle = arg('--cycle') === 'cod' ? 'cod' : 'dispatch';
  const result = await runDispatchBench({
    postgresUrl: arg('--postgres') ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    durationSeconds: Number(arg('--duration') ?? 10),
    connections: Number(arg('--connections') ?? 32),
    cycle,
    port: arg('--port') === undefined ? undefined : Number(arg('--port')),
  });
  console.log(`\n# ${cycle === 'cod' ? 'Pay-on-delivery' : 'Dispatch'} cycle (PostgreSQL)\n\n${formatDispatchBench(result, cycle)}`);
  if (result.ledgerDifferences.length > 0) process.exitCode = 1;
}
