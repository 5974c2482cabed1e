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
 * Pay on delivery and what is owed (decision 053): every escrow is empty once its delivery has ended; nothing is
 * settled without a hand-over; each return reserve is paid in once and released or used at most once, and is empty
 * once its delivery has ended; what each wallet says its user owes equals their receivable account.
 */
async function payOnDeliveryDifferences(db: Executor): Promise<string[]> {
  const differences: string[] = [];
  const escrows = rowsOf(
    await db.execute(sql`
      select l.account_key as delivery_id, d.status, sum(l.amount_kobo) as balance
      from posting_lines l join deliveries d on d.id::text = l.account_key
      where l.account_type = 'cod_escrow'
      group by l.account_key, d.status
      having d.status in ('delivered', 'returned', 'cancelled') and sum(l.amount_kobo) <> 0
    `),
  );
  for (const row of escrows) differences.push(`escrow of delivery ${row.delivery_id} (${row.status}) holds ${row.balance} kobo, expected 0`);

  const settlements = rowsOf(
    await db.execute(sql`
      select p.idempotency_key from postings p
      where p.kind = 'cod_settlement'
        and not exists (
          select 1 from delivery_events e
          where e.delivery_id::text = substring(p.idempotency_key from ${'cod-settle:'.length + 1}::int) and e.status = 'delivered'
        )
    `),
  );
  for (const row of settlements) differences.push(`settlement ${row.idempotency_key} has no delivered event`);

  const reserves = rowsOf(
    await db.execute(sql`
      select l.account_key as delivery_id, d.status, sum(l.amount_kobo) as balance,
        count(*) filter (where l.amount_kobo > 0) as paid_in, count(*) filter (where l.amount_kobo < 0) as taken_out
      from posting_lines l join deliveries d on d.id::text = l.account_key
      where l.account_type = 'cod_reserve'
      group by l.account_key, d.status
      having count(*) filter (where l.amount_kobo > 0) > 1 or count(*) filter (where l.amount_kobo < 0) > 1
        or sum(l.amount_kobo) < 0 or (d.status in ('delivered', 'returned', 'cancelled') and sum(l.amount_kobo) <> 0)
    `),
  );
  for (const row of reserves) {
    differences.push(
      `return reserve of delivery ${row.delivery_id} (${row.status}): paid in ${row.paid_in} times, released or used ${row.taken_out} times, holds ${row.balance} kobo`,
    );
  }

  const owed = rowsOf(
    await db.execute(sql`
      with receivables as (
        select account_key as user_id, -sum(amount_kobo) as owed from posting_lines where account_type = 'receivable' group by account_key
      )
      select coalesce(w.user_id::text, r.user_id) as user_id, coalesce(w.owed_kobo, 0) as recorded, coalesce(r.owed, 0) as owed
      from wallets w full join receivables r on r.user_id = w.user_id::text
      where coalesce(w.owed_kobo, 0) <> coalesce(r.owed, 0)
    `),
  );
  for (const row of owed) differences.push(`user ${row.user_id} owes ${row.owed} kobo by the ledger, but the wallet records ${row.recorded}`);
  return differences;
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

  differences.push(...(await payOnDeliveryDifferences(db)));

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
