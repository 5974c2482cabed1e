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

  const unbalanced = rowsOf(
    await db.execute(sql`
      with lines as (
        select posting_id, amount_kobo from ledger_entries
        union all
        select posting_id, amount_kobo from posting_lines
      )
      select p.id, p.kind, p.idempotency_key, coalesce(sum(l.amount_kobo), 0) as total, count(l.posting_id) as line_count
      from postings p left join lines l on l.posting_id = p.id
      group by p.id
      having coalesce(sum(l.amount_kobo), 0) <> 0 or count(l.posting_id) = 0
    `),
  );
  for (const row of unbalanced) {
    differences.push(
      Number(row.line_count) === 0
        ? `posting ${row.id} (${row.kind}, ${row.idempotency_key}) has no lines`
        : `posting ${row.id} (${row.kind}, ${row.idempotency_key}) sums to ${row.total} kobo, not 0`,
    );
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
