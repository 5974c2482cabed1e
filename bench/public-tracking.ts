/**
 * The receiver's public tracking page (`GET /track/{id}`, server-rendered HTML) under load, against the real
 * server in its own process, and what one page costs on the wire.
 *
 *   npx tsx bench/public-tracking.ts                 PGlite (temp DATA_DIR)
 *   options: --duration <s> (default 10)  --connections <n> (default 50)  --postgres <url>
 *
 * Deliveries are booked and paid from a funded wallet over HTTP, then each connection reads the page of one of
 * them, as a browser on a phone asks for it (Accept-Encoding, Accept-Language). The per-IP lookup limit is
 * raised for the run: every request comes from 127.0.0.1, and what is measured is the page, not the refusal.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BOOKING, BROWSER_HEADERS, argument, prepareDatabase, startBareServer, startServer, stopServer } from './bookings.js';

export const PUBLIC_TRACKING_TARGETS = { p99Ms: 20, transferBytes: 30 * 1024 };

const PAGE_HEADERS = { ...BROWSER_HEADERS, 'accept-language': 'yo-NG,yo;q=0.9,en;q=0.8' };
const DELIVERIES = 50;

export interface PublicTrackingBenchResult {
  database: 'pglite' | 'postgres';
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  /** The median of the slices' p99, and the worst slice's (one stall on a shared machine lands in a single slice). */
  p99Ms: number;
  worstSliceP99Ms: number;
  errors: number;
  /** The bare Fastify endpoint under the same load in the slices between: what this machine allows right now. */
  bare: { requestsPerSecond: number; p99Ms: number; worstSliceP99Ms: number };
  /** One page, status line and headers included, per Accept-Encoding. */
  transferBytes: { br: number; gzip: number; identity: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Status line, headers and body as they crossed the socket (the body still compressed). */
function transferSize(url: string, acceptEncoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2) bytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

export async function runPublicTrackingBench(
  options: { postgresUrl?: string; durationSeconds?: number; connections?: number; log?: (line: string) => void } = {},
): Promise<PublicTrackingBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const duration = options.durationSeconds ?? 10;
  const connections = options.connections ?? 50;
  const kind = options.postgresUrl ? 'postgres' : 'pglite';
  log(`[${kind}] seeding a sender with a funded wallet…`);
  const prepared = await prepareDatabase(options.postgresUrl, 1);
  const port = 40_000 + Math.floor(Math.random() * 10_000);
  const server = await startServer(prepared.dataDir, prepared.databaseUrl, port, {
    PUBLIC_TRACKING_RATE_LIMIT_PER_MINUTE: '1000000',
    // Production mode refuses to start without a gateway named; the wallet pays here, no gateway is asked.
    PAYMENT_GATEWAY: 'sandbox',
  });
  let bare: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const headers = { authorization: `Bearer ${prepared.tokens[0]}`, 'content-type': 'application/json' };
    log(`[${kind}] booking and paying ${DELIVERIES} deliveries…`);
    const trackingIds: string[] = [];
    for (let i = 0; i < DELIVERIES; i++) {
      const booked = await fetch(`${server.base}/api/book-delivery`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...BOOKING, receiverName: `Receiver Number${i}`, receiverLanguage: 'yo' }),
      });
      const { id } = ((await booked.json()) as { data: { id: string } }).data;
      const paid = await fetch(`${server.base}/api/payments/initiate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ deliveryId: id, method: 'wallet' }),
      });
      trackingIds.push(((await paid.json()) as { data: { delivery: { trackingId: string } } }).data.delivery.trackingId);
    }

    const sample = `${server.base}/track/${trackingIds[0]}`;
    const transferBytes = {
      br: await transferSize(sample, 'br'),
      gzip: await transferSize(sample, 'gzip'),
      identity: await transferSize(sample, null),
    };

    log(`[${kind}] GET /track/{id} at ${connections} connections, alternating with the bare endpoint…`);
    bare = await startBareServer(port + 1);
    let next = 0;
    const page = {
      url: server.base,
      connections,
      setupClient: (client: autocannon.Client) => {
        const trackingId = trackingIds[next++ % trackingIds.length]!;
        client.setRequests([{ method: 'GET', path: `/track/${trackingId}`, headers: PAGE_HEADERS }]);
      },
    } as const;
    const ceiling = { url: bare.url, connections, headers: PAGE_HEADERS } as const;
    await autocannon({ ...page, duration: 2 });
    // Slices, page and bare in turn: this shared machine's speed drifts within minutes (bench/README.md).
    const slices = Math.max(1, Math.min(10, duration));
    const sliceSeconds = Math.max(1, Math.round(duration / slices));
    const totals = { page: 0, bare: 0, errors: 0, p50: [] as number[], p99: [] as number[], bareP99: [] as number[] };
    for (let i = 0; i < slices; i++) {
      const bareSlice = await autocannon({ ...ceiling, duration: sliceSeconds });
      const pageSlice = await autocannon({ ...page, duration: sliceSeconds });
      totals.bare += bareSlice.requests.total;
      totals.page += pageSlice.requests.total;
      totals.errors += pageSlice.errors + pageSlice.timeouts + pageSlice.non2xx;
      totals.p50.push(pageSlice.latency.p50);
      totals.p99.push(pageSlice.latency.p99);
      totals.bareP99.push(bareSlice.latency.p99);
    }
    const seconds = slices * sliceSeconds;
    return {
      database: kind,
      connections,
      requestsPerSecond: totals.page / seconds,
      p50Ms: median(totals.p50),
      p99Ms: median(totals.p99),
      worstSliceP99Ms: Math.max(...totals.p99),
      errors: totals.errors,
      bare: { requestsPerSecond: totals.bare / seconds, p99Ms: median(totals.bareP99), worstSliceP99Ms: Math.max(...totals.bareP99) },
      transferBytes,
    };
  } finally {
    bare?.child.kill('SIGTERM');
    await stopServer(server.child);
    await prepared.drop();
  }
}

export function formatPublicTrackingBench(results: PublicTrackingBenchResult[]): string {
  const mark = (okay: boolean) => (okay ? ' ✓' : ' ✗');
  const { p99Ms, transferBytes } = PUBLIC_TRACKING_TARGETS;
  return results
    .map((r) =>
      [
        `${r.database}: GET /track/{id} at ${r.connections} connections`,
        `  ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} req/s, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms${mark(r.p99Ms <= p99Ms)} (target ≤ ${p99Ms} ms; worst slice ${r.worstSliceP99Ms} ms), errors ${r.errors}`,
        `  bare Fastify endpoint in the slices between: ${Math.round(r.bare.requestsPerSecond).toLocaleString('en-US')} req/s, p99 ${r.bare.p99Ms} ms (worst slice ${r.bare.worstSliceP99Ms} ms); the page at ${((r.requestsPerSecond / r.bare.requestsPerSecond) * 100).toFixed(1)} % of it`,
        `  one page on the wire: ${r.transferBytes.br} B brotli, ${r.transferBytes.gzip} B gzip, ${r.transferBytes.identity} B uncompressed${mark(r.transferBytes.br <= transferBytes)} (target ≤ 30 KB; no other resource)`,
      ].join('\n'),
    )
    .join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const durationSeconds = Number(argument('duration') ?? 10);
  const connections = Number(argument('connections') ?? 50);
  const postgresUrl = argument('postgres');
  const results = [await runPublicTrackingBench({ durationSeconds, connections })];
  if (postgresUrl) results.push(await runPublicTrackingBench({ durationSeconds, connections, postgresUrl }));
  console.log(`\nPublic tracking page bench\n\n${formatPublicTrackingBench(results)}`);
}
