/**
 * The booking form's two new calls under load, against the real server in its own process (decision 043):
 *
 *   GET /api/places?q=…   the autocomplete, public: p99 ≤ 20 ms at 50 connections
 *   POST /api/quotes      a price for two places: p99 ≤ 30 ms at 50 connections
 *
 * each alternating, slice by slice, with the bare Fastify endpoint, so the figures read as ratios to what this
 * shared machine allows at that moment (bench/README.md).
 *
 *   npx tsx bench/places-quotes.ts [--postgres <url>] [--duration <s>] [--connections <n>]
 *
 * The per-IP search limit is raised for the run: every request comes from 127.0.0.1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { argument, prepareDatabase, startBareServer, startServer, stopServer } from './bookings.js';

export const PLACES_QUOTES_TARGETS = { placesP99Ms: 20, quoteP99Ms: 30 };

/** What people type, letter by letter and whole: prefixes, typos, landmarks, states. */
const QUERIES = ['ik', 'ikeja', 'ikeja city mall', 'Ariaria', 'oshodi', 'Wuse 2', 'kano', 'lekki ph', 'surulere', 'trans amadi', 'bodija', 'computr village', 'abuj', 'port harcourt', 'festac', 'ajah'];
/** Trips the form would price: within a city, across a state line, long haul. */
const TRIPS = [
  ['lagos.ikeja.ikeja-city-mall', 'lagos.eti-osa.lekki-phase-1', 'van'],
  ['lagos.ikeja.computer-village', 'lagos.lagos-mainland.yaba', 'bike'],
  ['abia.aba-north.ariaria-international-market', 'rivers.port-harcourt.trans-amadi', 'van'],
  ['lagos.apapa.apapa-wharf', 'kano', 'truck'],
] as const;

interface Measured {
  requestsPerSecond: number;
  p99Ms: number;
  worstSliceP99Ms: number;
  errors: number;
}

export interface PlacesQuotesBenchResult {
  database: 'pglite' | 'postgres';
  connections: number;
  places: Measured;
  quotes: Measured;
  bare: Measured;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runPlacesQuotesBench(
  options: { postgresUrl?: string; durationSeconds?: number; connections?: number; log?: (line: string) => void } = {},
): Promise<PlacesQuotesBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 50;
  const kind = options.postgresUrl ? 'postgres' : 'pglite';
  const prepared = await prepareDatabase(options.postgresUrl, 1);
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const server = await startServer(prepared.dataDir, prepared.databaseUrl, port, {
    PLACES_RATE_LIMIT_PER_MINUTE: '1000000',
    PAYMENT_GATEWAY: 'sandbox',
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    bare = await startBareServer(port + 1);
    const deliveryDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const quoteHeaders = { authorization: `Bearer ${prepared.tokens[0]}`, 'content-type': 'application/json' };
    let nextQuery = 0;
    let nextTrip = 0;
    const places = {
      url: server.base,
      connections,
      setupClient: (client: autocannon.Client) => {
        const q = QUERIES[nextQuery++ % QUERIES.length]!;
        client.setRequests([{ method: 'GET', path: `/api/places?q=${encodeURIComponent(q)}` }]);
      },
    } as const;
    const quotes = {
      url: server.base,
      connections,
      setupClient: (client: autocannon.Client) => {
        const [pickup, dropoff, transportMode] = TRIPS[nextTrip++ % TRIPS.length]!;
        const body = JSON.stringify({
          pickup: { placeId: pickup, line: '12 Bench Street' },
          dropoff: { placeId: dropoff, line: '5 Bench Road' },
          packageType: 'other',
          packageWeight: 'medium',
          transportMode,
          deliveryType: 'standard',
          deliveryTime: 'afternoon',
          deliveryDate,
        });
        client.setRequests([{ method: 'POST', path: '/api/quotes', headers: quoteHeaders, body }]);
      },
    } as const;
    const ceiling = { url: bare.url, connections } as const;
    log(`[${kind}] warming up…`);
    await autocannon({ ...places, duration: 2 });
    await autocannon({ ...quotes, duration: 2 });
    const slices = Math.max(1, Math.min(10, duration));
    const sliceSeconds = Math.max(1, Math.round(duration / slices));
    const runs = { places: [] as autocannon.Result[], quotes: [] as autocannon.Result[], bare: [] as autocannon.Result[] };
    log(`[${kind}] places search and quotes at ${connections} connections, alternating with the bare endpoint…`);
    for (let i = 0; i < slices; i++) {
      runs.bare.push(await autocannon({ ...ceiling, duration: sliceSeconds }));
      runs.places.push(await autocannon({ ...places, duration: sliceSeconds }));
      runs.quotes.push(await autocannon({ ...quotes, duration: sliceSeconds }));
    }
    const seconds = slices * sliceSeconds;
    const measured = (results: autocannon.Result[]): Measured => ({
      requestsPerSecond: results.reduce((sum, r) => sum + r.requests.total, 0) / seconds,
      p99Ms: median(results.map((r) => r.latency.p99)),
      worstSliceP99Ms: Math.max(...results.map((r) => r.latency.p99)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    });
    return { database: kind, connections, places: measured(runs.places), quotes: measured(runs.quotes), bare: measured(runs.bare) };
  } finally {
    bare?.child.kill('SIGTERM');
    await stopServer(server.child);
    await prepared.drop();
  }
}

export function formatPlacesQuotesBench(results: PlacesQuotesBenchResult[]): string {
  const mark = (okay: boolean) => (okay ? ' ✓' : ' ✗');
  const line = (name: string, m: Measured, bare: Measured, target: number) =>
    `  ${name}: ${Math.round(m.requestsPerSecond).toLocaleString('en-US')} req/s (${((m.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)} % of bare), p99 ${m.p99Ms} ms${mark(m.p99Ms <= target)} (target ≤ ${target} ms; worst slice ${m.worstSliceP99Ms} ms; ${(m.p99Ms / Math.max(1, bare.p99Ms)).toFixed(1)}× bare's p99), errors ${m.errors}`;
  return results
    .map((r) =>
      [
        `${r.database}, ${r.connections} connections`,
        line('GET /api/places', r.places, r.bare, PLACES_QUOTES_TARGETS.placesP99Ms),
        line('POST /api/quotes', r.quotes, r.bare, PLACES_QUOTES_TARGETS.quoteP99Ms),
        `  bare Fastify endpoint in the slices between: ${Math.round(r.bare.requestsPerSecond).toLocaleString('en-US')} req/s, p99 ${r.bare.p99Ms} ms`,
      ].join('\n'),
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const durationSeconds = Number(argument('duration') ?? 10);
  const connections = Number(argument('connections') ?? 50);
  const postgresUrl = argument('postgres');
  const result = await runPlacesQuotesBench({ durationSeconds, connections, postgresUrl });
  console.log(`\nPlaces search and quotes\n\n${formatPlacesQuotesBench([result])}`);
}
