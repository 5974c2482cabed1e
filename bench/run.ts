/**
 * `npm run bench`: every API figure the issues set, on PGlite and on PostgreSQL, printed side by side.
 *
 *   sign-in throughput and p99 at 20 connections, with /api/health p99 measured meanwhile (< 50 ms)
 *   booking + wallet payment /s (≥ 500 on PostgreSQL); top-up verification + credit /s (≥ 300); My Deliveries and tracking vs a bare endpoint
 *   (≥ 40 %, p99 ≤ 30 ms at 50 connections); server RSS (≤ 250 MB)
 *   the public tracking page /track/{id}: p99 at 50 connections (≤ 20 ms) and its transfer size (≤ 30 KB), PGlite
 *   dispatch cycle (assign → 3 driver steps → deliver with the code) jobs/s on PostgreSQL (≥ 200), ledger clean after
 *   pay-on-delivery cycle (the receiver pays by link in the sandbox → hand-over and settlement) /s on PostgreSQL (≥ 150)
 *   places search (p99 ≤ 20 ms) and quotes (p99 ≤ 30 ms) at 50 connections on PostgreSQL, beside the bare endpoint
 *   16 worst-case avatar uploads at once (6000×6000 and 4096×4096 PNGs): server RSS (≤ 400 MB), PGlite
 *   POST /api/v1/deliveries with an API key and an idempotency key, booked and paid: ≥ 300/s on PostgreSQL
 *   a 1,000-row bulk import on PostgreSQL: validated (≤ 5 s) and confirmed in one posting (≤ 5 s), ledger clean after
 *   1,000 webhook events to a local receiver on PostgreSQL: every event delivered, p99 lag from commit to receipt ≤ 2 s
 *
 * PostgreSQL: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database is
 * created there and dropped). `--pglite-only` skips PostgreSQL. BENCH_DURATION sets seconds per measurement.
 * Run it on a quiet machine: the load generator shares the cores with the server.
 */
import pg from 'pg';
import { formatSigninBench, runSigninBench, type SigninBenchResult } from './signin.js';
import { formatBookingsTable, runBookingsBench, type BookingsBenchResult } from './bookings.js';
import { formatPublicTrackingBench, runPublicTrackingBench } from './public-tracking.js';
import { formatDispatchBench, runDispatchBench, type DispatchBenchResult } from './dispatch.js';
import { formatPlacesQuotesBench, runPlacesQuotesBench, type PlacesQuotesBenchResult } from './places-quotes.js';
import { formatUploadsBench, runUploadsBench } from './uploads.js';
import { formatMerchantApiBench, runMerchantApiBench, type MerchantApiBenchResult } from './merchant-api.js';
import { formatImportsBench, runImportsBench, type ImportsBenchResult } from './imports.js';
import { formatWebhooksBench, runWebhooksBench, type WebhooksBenchResult } from './webhooks.js';

const postgresUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const pgliteOnly = process.argv.includes('--pglite-only');

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const withPostgres = !pgliteOnly && (await postgresReachable(postgresUrl));
if (!pgliteOnly && !withPostgres) console.log(`PostgreSQL not reachable at ${postgresUrl}: PGlite only.\n`);

const log = (line: string) => console.log(`  ${line}`);
const signins: Array<[string, SigninBenchResult]> = [];
const bookings: BookingsBenchResult[] = [];

console.log('== sign-in (PGlite)');
signins.push(['PGlite', await runSigninBench({ durationSeconds, log })]);
if (withPostgres) {
  console.log('== sign-in (PostgreSQL)');
  signins.push(['PostgreSQL', await runSigninBench({ durationSeconds, postgresAdminUrl: postgresUrl, log })]);
}
console.log('== bookings (PGlite)');
bookings.push(await runBookingsBench({ durationSeconds, log }));
if (withPostgres) {
  console.log('== bookings (PostgreSQL)');
  bookings.push(await runBookingsBench({ durationSeconds, postgresUrl, log }));
}

// The page is served from memory after its first read, so the database behind it hardly matters: PGlite only.
console.log('== public tracking page (PGlite)');
const publicTracking = await runPublicTrackingBench({ durationSeconds, log });
// Decoding images is memory and threads, not queries: PGlite only.
console.log('== avatar uploads (PGlite)');
const uploads = await runUploadsBench({ log });
let dispatch: DispatchBenchResult | undefined;
let webhooks: WebhooksBenchResult | undefined;
let codCycle: DispatchBenchResult | undefined;
let merchantApi: MerchantApiBenchResult | undefined;
let placesQuotes: PlacesQuotesBenchResult | undefined;
let imports: ImportsBenchResult | undefined;
if (withPostgres) {
  console.log('== places search and quotes (PostgreSQL)');
  placesQuotes = await runPlacesQuotesBench({ postgresUrl, durationSeconds, log });
  console.log('== dispatch cycle (PostgreSQL)');
  dispatch = await runDispatchBench({ postgresUrl, durationSeconds, log });
  console.log('== webhooks, 1,000 events to a local receiver (PostgreSQL)');
  webhooks = await runWebhooksBench({ postgresUrl, log });
  console.log('== pay-on-delivery cycle (PostgreSQL)');
  codCycle = await runDispatchBench({ postgresUrl, durationSeconds, log, cycle: 'cod' });
  console.log('== merchant API bookings with an idempotency key (PostgreSQL)');
  merchantApi = await runMerchantApiBench({ postgresUrl, durationSeconds, log });
  console.log('== bulk import, 1,000 rows (PostgreSQL)');
  imports = await runImportsBench({ postgresUrl, log });
}

console.log('\n# Sign-in (20 connections)');
for (const [name, result] of signins) console.log(`\n${name}\n${formatSigninBench(result)}`);
console.log(`\n# Bookings, deliveries and tracking (50 connections, ${durationSeconds} s each)\n`);
console.log(formatBookingsTable(bookings));
console.log(`\n# Public tracking page (50 connections, ${durationSeconds} s)\n`);
console.log(formatPublicTrackingBench([publicTracking]));
console.log(`\n# Avatar uploads (16 at once, worst-case PNGs)\n\n${formatUploadsBench([uploads])}`);
if (placesQuotes) console.log(`\n# Places search and quotes (PostgreSQL, 50 connections, ${durationSeconds} s each)\n\n${formatPlacesQuotesBench([placesQuotes])}`);
if (dispatch) console.log(`\n# Dispatch cycle: assign → 3 steps → deliver with the code (PostgreSQL, 32 at a time)\n\n${formatDispatchBench(dispatch)}`);
if (webhooks) console.log(`\n# Webhooks, 1,000 events to a local receiver (PostgreSQL)\n\n${formatWebhooksBench([webhooks])}`);
if (codCycle) console.log(`\n# Pay-on-delivery cycle: pay by link in the sandbox → deliver with the code, settled (PostgreSQL, 32 at a time)\n\n${formatDispatchBench(codCycle, 'cod')}`);
if (merchantApi) console.log(`\n# POST /api/v1/deliveries with an idempotency key (PostgreSQL)\n\n${formatMerchantApiBench([merchantApi])}`);
if (imports) console.log(`\n# Bulk import, 1,000 rows (PostgreSQL)\n\n${formatImportsBench([imports])}`);
