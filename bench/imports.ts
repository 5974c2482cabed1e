/**
 * A 1,000-row bulk import (issue 23, decision 055): how long validation takes from the upload's answer until the
 * import is ready (≤ 5 s), and how long the confirmation (one transaction, one posting, 1,000 deliveries) takes
 * (≤ 5 s), on PostgreSQL, with the server's own pool sizes and time limits; then the ledger check.
 *
 *   npx tsx bench/imports.ts [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 *
 * The app runs in this process (requests by inject): the figures are the server's work, not HTTP's.
 */
import { randomBytes } from 'node:crypto';
import { createTestApp } from '../src/server/test/test-app.js';
import { createSignedInUser, fundWallet } from '../src/server/test/factories.js';
import { checkLedger } from '../src/server/modules/wallet/ledger-check.js';
import { csvLine } from '../src/server/lib/csv.js';
import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type Import } from '../src/shared/schemas/imports.js';
import { lagosDate } from '../src/server/modules/deliveries/delivery-view.js';

export interface ImportsBenchResult {
  database: string;
  rows: number;
  validateMs: number;
  confirmMs: number;
  ledgerClean: boolean;
}

const TARGET_MS = 5_000;
const PLACES = ['Victoria Island', 'Ikoyi', 'Yaba', 'Surulere, Lagos', 'Ikeja', 'lagos.eti-osa.lekki-phase-1'];

function importFile(rows: number): Buffer {
  const date = lagosDate(new Date(Date.now() + 24 * 60 * 60 * 1000));
  const lines = [csvLine(IMPORT_COLUMNS)];
  for (let i = 0; i < rows; i++) {
    const pickup = PLACES[i % PLACES.length]!;
    const dropoff = PLACES[(i + 1 + (i % (PLACES.length - 1))) % PLACES.length]!;
    const cells: Record<(typeof IMPORT_COLUMNS)[number], string> = {
      pickupPlace: pickup,
      pickupLine: `${1 + (i % 90)} Adeola Odeku Street`,
      dropoffPlace: dropoff === pickup ? 'Ikoyi' : dropoff,
      dropoffLine: `${1 + (i % 70)} Herbert Macaulay Way`,
      packageType: i % 2 ? 'documents' : 'clothing',
      packageWeight: 'light',
      transportMode: i % 3 ? 'bike' : 'car',
      deliveryType: 'standard',
      deliveryTime: 'morning',
      deliveryDate: date,
      receiverName: `Receiver ${i}`,
      receiverPhone: `+23480${String(10_000_000 + i).padStart(8, '0')}`,
      receiverLanguage: 'en-US',
      description: `Order ${i}`,
      externalReference: `BENCH-${i}`,
    };
    if (cells.dropoffPlace === cells.pickupPlace) cells.dropoffPlace = 'Yaba';
    lines.push(csvLine(IMPORT_COLUMNS.map((column) => cells[column])));
  }
  return Buffer.from(lines.join(''));
}

function multipart(content: Buffer) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

export async function runImportsBench(options: { postgresUrl?: string; log?: (line: string) => void }): Promise<ImportsBenchResult> {
  const log = options.log ?? (() => {});
  if (options.postgresUrl) process.env.TEST_DATABASE_URL = options.postgresUrl;
  else delete process.env.TEST_DATABASE_URL;
  const t = await createTestApp({}, { databaseLimits: true });
  try {
    const user = await createSignedInUser(t.deps);
    const form = multipart(importFile(IMPORT_MAX_ROWS));
    const started = performance.now();
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/imports', headers: { ...user.headers, ...form.headers }, payload: form.payload });
    if (uploaded.statusCode !== 202) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
    const id = uploaded.json().data.id as string;
    let found: Import;
    for (;;) {
      found = (await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: user.headers })).json().data as Import;
      if (found.status !== 'validating') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const validateMs = performance.now() - started;
    if (found.status !== 'ready') throw new Error(`validation: ${found.status}, ${JSON.stringify(found.errors.slice(0, 3))}`);
    log(`validated ${found.rows} rows in ${validateMs.toFixed(0)} ms`);
    await fundWallet(t.deps.db, user.user.id, found.totalKobo);
    const confirmStarted = performance.now();
    const confirmed = await t.app.inject({ method: 'POST', url: `/api/imports/${id}/confirm`, headers: user.headers });
    const confirmMs = performance.now() - confirmStarted;
    if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
    log(`confirmed ${confirmed.json().data.booked} deliveries in ${confirmMs.toFixed(0)} ms`);
    const ledgerClean = (await checkLedger(t.deps.db)).differences.length === 0;
    return { database: options.postgresUrl ? 'PostgreSQL' : 'PGlite', rows: found.rows, validateMs, confirmMs, ledgerClean };
  } finally {
    await t.close();
  }
}

export function formatImportsBench(results: readonly ImportsBenchResult[]): string {
  const mark = (ms: number) => `${(ms / 1000).toFixed(2)} s ${ms <= TARGET_MS ? '✓' : '✗'}`;
  return [
    '| database | rows | validated (≤ 5 s) | confirmed (≤ 5 s) | ledger |',
    '|---|---|---|---|---|',
    ...results.map((r) => `| ${r.database} | ${r.rows} | ${mark(r.validateMs)} | ${mark(r.confirmMs)} | ${r.ledgerClean ? 'clean' : 'DIFFERENCES'} |`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--postgres');
  const postgresUrl = at > 0 ? process.argv[at + 1] : undefined;
  const results = [await runImportsBench({ log: console.log })];
  if (postgresUrl) results.push(await runImportsBench({ postgresUrl, log: console.log }));
  console.log(`\n${formatImportsBench(results)}`);
}
