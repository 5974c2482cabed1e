import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface AccountBalance {
  account: string;
  balanceKobo: number;
}

export interface LedgerReport {
  accounts: AccountBalance[];
  /** Each a sentence naming what does not add up; empty when the ledger is sound. */
  differences: string[];
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** False on a database whose migrations have not reached the double-entry ledger yet. */
export async function hasLedger(db: Executor): Promise<boolean> {
  return Boolean(rowsOf(await db.execute(sql`select to_regclass('public.postings')::text as "table"`))[0]?.table);
}

/**
 * The ledger's invariants (decision 027): every posting sums to zero, every wallet's balance equals its lines (and
 * is not negative), and every gateway payment that took money has exactly one posting.
 */
export async function checkLedger(db: Executor): Promise<LedgerReport> {
  const differences: string[] = [];

  // Lines are summed per posting first (one pass over each table, grouped by hash or sort), and only the postings that
  // do not sum to zero are looked up. Joining every posting to its lines instead walked three indexes in uuid order,
  // one random read per row: 25 s at a million deliveries (bench/README.md, issue 20). Every line belongs to a posting
  // (foreign keys), so a posting without lines shows as fewer posting ids among the lines than postings; only then
  // are they looked for.
  const sums = rowsOf(
    await db.execute(sql`
      with sums as materialized (
        select posting_id, sum(amount_kobo) as total
        from (select posting_id, amount_kobo from ledger_entries union all select posting_id, amount_kobo from posting_lines) lines
        group by posting_id
      )
      select p.id, p.kind, p.idempotency_key, s.total, null::bigint as postings_with_lines
      from sums s join postings p on p.id = s.posting_id
      where s.total <> 0
      union all
      select null, null, null, null, count(*) from sums
    `),
  );
  for (const row of sums) {
    if (row.postings_with_lines !== null) continue;
    differences.push(`posting ${row.id} (${row.kind}, ${row.idempotency_key}) sums to ${row.total} kobo, not 0`);
  }
  const postingsWithLines = Number(sums.find((row) => row.postings_with_lines !== null)?.postings_with_lines ?? 0);
  const postingCount = Number(rowsOf(await db.execute(sql`select count(*) as postings from postings`))[0]?.postings ?? 0);
  if (postingCount !== postingsWithLines) {
    const lineless = rowsOf(
      await db.execute(sql`
        select p.id, p.kind, p.idempotency_key from postings p
        where not exists (select 1 from ledger_entries l where l.posting_id = p.id)
          and not exists (select 1 from posting_lines l where l.posting_id = p.id)
      `),
    );
    for (const row of lineless) differences.push(`posting ${row.id} (${row.kind}, ${row.idempotency_key}) has no lines`);
  }

  const wallets = rowsOf(
    await db.execute(sql`
      with sums as (select user_id, sum(amount_kobo) as total from ledger_entries group by user_id)
      select coalesce(w.user_id, s.user_id) as user_id, coalesce(w.balance_kobo, 0) as balance, coalesce(s.total, 0) as total
      from wallets w full join sums s on s.user_id = w.user_id
      where coalesce(w.balance_kobo, 0) <> coalesce(s.total, 0) or coalesce(w.balance_kobo, 0) < 0
    `),
  );
  for (const row of wallets) {
    differences.push(`wallet of user ${row.user_id}: balance ${row.balance} kobo, its lines sum to ${row.total} kobo`);
  }

  const payments = rowsOf(
    await db.execute(sql`
      select pay.reference, pay.status, count(p.id) as postings
      from payments pay left join postings p on p.payment_id = pay.id
      group by pay.id
      having (pay.status in ('succeeded', 'refunded') and count(p.id) <> 1) or (pay.status not in ('succeeded', 'refunded') and count(p.id) <> 0)
    `),
  );
  for (const row of payments) {
    differences.push(`payment ${row.reference} (${row.status}) has ${row.postings} postings, expected ${row.status === 'succeeded' || row.status === 'refunded' ? 1 : 0}`);
  }

  const accounts = rowsOf(
    await db.execute(sql`
      select 'wallets (all users)' as account, coalesce(sum(amount_kobo), 0) as balance from ledger_entries
      union all
      select account_type || case when account_key = '' then '' else ':' || account_key end, sum(amount_kobo)
      from posting_lines group by account_type, account_key
      order by 1
    `),
  ).map((row) => ({ account: row.account as string, balanceKobo: Number(row.balance) }));

  return { accounts, differences };
}
