/**
 * 1,000 webhook events to a local receiver (issue 23, decision 054): every event delivered, and the p99 lag from the
 * change's commit to the receipt ≤ 2 s. A merchant with one endpoint (on 127.0.0.1, subscribed to
 * `delivery.created`) books 1,000 deliveries, 16 at a time; each booking's event is relayed from the queue its
 * transaction wrote, signed and sent. The lag is measured from the event's `createdAt` (the booking transaction's
 * start, so a little before its commit: the figure errs on the slow side) to the moment the receiver has the body.
 *
 *   npx tsx bench/webhooks.ts [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The app runs in this process (requests by inject), with the server's pool sizes and time limits.
 */
import { createTestApp } from '../src/server/test/test-app.js';
import { createSignedInUser } from '../src/server/test/factories.js';
import { book } from '../src/server/test/delivery-test-helpers.js';
import { startWebhookReceiver, verifiesWith } from '../src/server/test/webhook-receiver.js';

export interface WebhooksBenchResult {
  database: string;
  events: number;
  delivered: number;
  badSignatures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const EVENTS = 1_000;
const CONCURRENCY = 16;
const TARGET_P99_MS = 2_000;
const WAIT_FOR_ALL_MS = 60_000;

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function runWebhooksBench(options: { postgresUrl?: string; log?: (line: string) => void }): Promise<WebhooksBenchResult> {
  const log = options.log ?? (() => {});
  if (options.postgresUrl) process.env.TEST_DATABASE_URL = options.postgresUrl;
  else delete process.env.TEST_DATABASE_URL;
  const t = await createTestApp({}, { databaseLimits: true });
  const receiver = await startWebhookReceiver();
  try {
    const merchant = await createSignedInUser(t.deps);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/webhook-endpoints',
      headers: merchant.headers,
      payload: { url: receiver.url, events: ['delivery.created'], mode: 'live' },
    });
    if (created.statusCode !== 201) throw new Error(`endpoint: ${created.statusCode} ${created.body}`);
    const secret = created.json().data.secret as string;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) {
          next += 1;
          await book(t, merchant.headers);
        }
      }),
    );
    log(`booked ${EVENTS} deliveries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await receiver.waitFor(EVENTS, WAIT_FOR_ALL_MS).catch(() => undefined);
    const unique = new Map(receiver.received.map((r) => [r.json.id, r]));
    const lags = [...unique.values()].map((r) => r.receivedAt - Date.parse(r.json.createdAt)).sort((a, b) => a - b);
    const badSignatures = [...unique.values()].filter((r) => !verifiesWith(r.headers['lanefreight-signature'], secret, r.body)).length;
    log(`received ${unique.size} distinct events (${receiver.received.length} requests)`);
    return {
      database: options.postgresUrl ? 'PostgreSQL' : 'PGlite',
      events: EVENTS,
      delivered: unique.size,
      badSignatures,
      p50Ms: percentile(lags, 50),
      p99Ms: percentile(lags, 99),
      maxMs: lags.at(-1) ?? NaN,
    };
  } finally {
    await receiver.close();
    await t.close();
  }
}

export function formatWebhooksBench(results: readonly WebhooksBenchResult[]): string {
  return [
    '| database | events | delivered (all) | bad signatures | lag p50 | lag p99 (≤ 2 s) | lag max |',
    '|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.events} | ${r.delivered} ${r.delivered === r.events ? '✓' : '✗'} | ${r.badSignatures} | ${r.p50Ms} ms | ${r.p99Ms} ms ${r.p99Ms <= TARGET_P99_MS ? '✓' : '✗'} | ${r.maxMs} ms |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--postgres');
  const postgresUrl = at > 0 ? process.argv[at + 1] : undefined;
  const results = [await runWebhooksBench({ log: console.log })];
  if (postgresUrl) results.push(await runWebhooksBench({ postgresUrl, log: console.log }));
  console.log(`\n${formatWebhooksBench(results)}`);
}
