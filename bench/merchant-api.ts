/**
 * The merchant API's booking under load (issue 23, decision 056): `POST /api/v1/deliveries` with an API key and an
 * Idempotency-Key, each request a new key and a fresh quote, booked and paid from the wallet in one call, against the
 * real server in its own process: ≥ 300 a second on PostgreSQL.
 *
 *   npx tsx bench/merchant-api.ts [--postgres <url>] [--duration <s>] [--connections <n>]
 *
 * Users with sessions and funded wallets are written before the server starts (as the bookings bench does); their live
 * API keys and enough quotes for the whole run are made through the API before the measurement. The per-key rate
 * limit is raised for the run (a merchant's real limit is 120 a minute per key).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { argument, prepareDatabase, startServer, stopServer } from './bookings.js';
import { cpuMeter, type CpuPerUnit } from './cpu.js';

export const MERCHANT_API_TARGET_PER_SECOND_ON_POSTGRES = 300;

/** Merchants (keys) sharing the load. */
const MERCHANTS = 20;
const WARM_UP_SECONDS = 2;
/** Quotes made per second of the run: above any rate this machine reaches, so the run never runs out. */
const QUOTES_PER_SECOND = 900;
const QUOTE_CONCURRENCY = 32;

export interface MerchantApiBenchResult {
  database: 'pglite' | 'postgres';
  connections: number;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** CPU milliseconds per booking: the server, its PostgreSQL backends and the bench itself (Linux only). */
  cpuMsPerBooking: CpuPerUnit | null;
}

const QUOTE_BODY = {
  pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '194 Obafemi Awolowo Way' },
  dropoff: { placeId: 'lagos.eti-osa.lekki-phase-1', line: '12 Admiralty Way' },
  packageType: 'documents',
  packageWeight: 'light',
  transportMode: 'bike',
  deliveryType: 'standard',
  deliveryTime: 'morning',
  deliveryDate: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
};

async function postJson(url: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export async function runMerchantApiBench(
  options: { postgresUrl?: string; durationSeconds?: number; connections?: number; log?: (line: string) => void } = {},
): Promise<MerchantApiBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 50;
  const kind = options.postgresUrl ? 'postgres' : 'pglite';
  log(`[${kind}] seeding ${MERCHANTS} merchants with funded wallets…`);
  const prepared = await prepareDatabase(options.postgresUrl, MERCHANTS);
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const server = await startServer(prepared.dataDir, prepared.databaseUrl, port, { API_RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const keys: string[] = [];
    for (const token of prepared.tokens) {
      const created = await postJson(`${server.base}/api/api-keys`, { authorization: `Bearer ${token}` }, { name: 'bench', mode: 'live' });
      keys.push((created.data as { key: string }).key);
    }
    const quotesNeeded = (WARM_UP_SECONDS + duration) * QUOTES_PER_SECOND;
    log(`[${kind}] making ${quotesNeeded.toLocaleString('en-US')} quotes…`);
    const quotes: { key: string; quoteId: string }[] = [];
    let made = 0;
    await Promise.all(
      Array.from({ length: QUOTE_CONCURRENCY }, async () => {
        while (made < quotesNeeded) {
          const key = keys[made++ % keys.length]!;
          const quote = await postJson(`${server.base}/api/v1/quotes`, { authorization: `Bearer ${key}` }, QUOTE_BODY);
          quotes.push({ key, quoteId: quote.id as string });
        }
      }),
    );
    let next = 0;
    const booking: autocannon.Options = {
      url: server.base,
      connections,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/deliveries',
          setupRequest: (request) => {
            const i = next++;
            const { key, quoteId } = quotes[i % quotes.length]!;
            return {
              ...request,
              headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `bench-${i}` },
              body: JSON.stringify({ quoteId, receiver: { name: 'Ada Obi', phone: '+2348031234567' }, externalReference: `bench-${i}` }),
            };
          },
        },
      ],
    };
    log(`[${kind}] POST /api/v1/deliveries at ${connections} connections…`);
    await autocannon({ ...booking, duration: WARM_UP_SECONDS });
    const cpu = await cpuMeter(server.child.pid!, prepared.databaseUrl);
    const result = await autocannon({ ...booking, duration });
    const cpuMsPerBooking = cpu.perUnit(result.requests.total);
    if (next > quotes.length) log(`[${kind}] ran out of quotes: ${next} requests for ${quotes.length} quotes (raise QUOTES_PER_SECOND)`);
    return {
      database: kind,
      connections,
      requestsPerSecond: result.requests.average,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      non2xx: result.non2xx,
      cpuMsPerBooking,
    };
  } finally {
    await stopServer(server.child);
    await prepared.drop();
  }
}

export function formatMerchantApiBench(results: MerchantApiBenchResult[]): string {
  return results
    .map((r) => {
      const target = r.database === 'postgres' ? ` ${r.requestsPerSecond >= MERCHANT_API_TARGET_PER_SECOND_ON_POSTGRES ? '✓' : '✗'} (target ≥ ${MERCHANT_API_TARGET_PER_SECOND_ON_POSTGRES}/s)` : '';
      const cpu = r.cpuMsPerBooking
        ? `; CPU per booking: server ${r.cpuMsPerBooking.server.toFixed(1)} ms, PostgreSQL ${r.cpuMsPerBooking.postgres.toFixed(1)} ms, the bench ${r.cpuMsPerBooking.bench.toFixed(1)} ms`
        : '';
      return `  ${r.database}, ${r.connections} connections: ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} bookings/s${target}, p99 ${r.p99Ms} ms, errors ${r.errors} (non-2xx ${r.non2xx})${cpu}`;
    })
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const durationSeconds = Number(argument('duration') ?? 10);
  const connections = Number(argument('connections') ?? 50);
  const postgresUrl = argument('postgres');
  const result = await runMerchantApiBench({ durationSeconds, connections, postgresUrl });
  console.log(`\nPOST /api/v1/deliveries with an idempotency key\n\n${formatMerchantApiBench([result])}`);
}
