/**
 * `npm run ledger:check`: the ledger's invariants on the configured database (decision 027). Prints each account's
 * balance and every difference; exits 1 when there is one.
 */
import { loadEnv } from '../src/server/config/env.js';
import { openDatabase } from '../src/server/db/client.js';
import { checkLedger, hasLedger } from '../src/server/modules/wallet/ledger-check.js';
import { createDeliveriesRepository } from '../src/server/modules/deliveries/deliveries-repository.js';

const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

const env = loadEnv();
// Each check reads a whole table once: allowed minutes, not the API's per-statement limit (DATABASE_*_TIMEOUT_MS).
const CHECK_STATEMENT_TIMEOUT_MS = 600_000;
const database = await openDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  statementTimeoutMs: CHECK_STATEMENT_TIMEOUT_MS,
  readStatementTimeoutMs: CHECK_STATEMENT_TIMEOUT_MS,
});
try {
  if (!(await hasLedger(database.db))) {
    console.error('This database has no double-entry ledger yet: run `npm run db:migrate` first, then check again.');
    process.exit(2);
  }
  const report = await checkLedger(database.db);
  console.log('Account balances:');
  for (const { account, balanceKobo } of report.accounts) console.log(`  ${account.padEnd(32)} ${naira(balanceKobo).padStart(20)}`);
  const total = report.accounts.reduce((sum, a) => sum + a.balanceKobo, 0);
  console.log(`  ${'total (must be 0)'.padEnd(32)} ${naira(total).padStart(20)}`);
  if (report.differences.length === 0) {
    console.log('Ledger OK: every posting sums to zero, every wallet equals its lines, every payment has one posting.');
  } else {
    console.error(`${report.differences.length} difference(s):`);
    for (const difference of report.differences) console.error(`  - ${difference}`);
    process.exitCode = 1;
  }
  // The dashboard's kept totals against a recount of every delivery (decision 051).
  const totals = await createDeliveriesRepository(database.db).totalsDifferingFromRecount();
  if (totals.length === 0) {
    console.log('Delivery totals OK: every customer\'s active, delivered and spent equal a recount.');
  } else {
    console.error(`${totals.length} customer(s) whose delivery totals differ from a recount:`);
    for (const { userId, kept, counted } of totals.slice(0, 20)) console.error(`  - ${userId}: kept ${JSON.stringify(kept)}, counted ${JSON.stringify(counted)}`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
