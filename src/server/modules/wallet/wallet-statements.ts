import { sql, type SQL } from 'drizzle-orm';
import { ledgerEntries, postingLines, postings, wallets } from '../../db/schema/index.js';

/**
 * The wallet's part of a single-statement write that another module composes (a wallet payment): common table
 * expressions, so the whole write stays one round trip while only this module says how a wallet is debited.
 */
export interface WalletDebitFragment {
  userId: string;
  amountKobo: number;
  at: Date;
  /** Debit only if this holds (e.g. `exists (select 1 from payable)`). */
  onlyIf: SQL;
}

/**
 * `funds` (the wallet's sandbox part before, locked) and `debit`: takes the amount only when the balance covers
 * it, real money first (decision 018): sandbox money is spent only where the real money does not cover the amount
 * (the rule of wallet-funds.ts, sandboxPartOfDebit). `debit` returns the balance and the sandbox part after.
 */
export function debitCte({ userId, amountKobo, at, onlyIf }: WalletDebitFragment): SQL {
  return sql`funds as (
    select sandbox_kobo from ${wallets}
    where user_id = ${userId}::uuid and ${onlyIf}
    for update
  ),
  debit as (
    update ${wallets}
    set balance_kobo = balance_kobo - ${amountKobo}::bigint,
      sandbox_kobo = least(sandbox_kobo, balance_kobo - ${amountKobo}::bigint),
      updated_at = ${at}::timestamptz
    where user_id = ${userId}::uuid and balance_kobo >= ${amountKobo}::bigint and exists (select 1 from funds)
    returning balance_kobo, sandbox_kobo
  )`;
}

/** The sandbox money a `debit` took, negative like the amount (0 when it took only real money). */
export const DEBITED_SANDBOX_KOBO = sql.raw('debit.sandbox_kobo - funds.sandbox_kobo');

/**
 * The payment's double-entry posting, written only when `confirmedBy` (a CTE returning `id`, the delivery it paid
 * for) has a row: `posting` (key `payment:<delivery id>`), `revenue_line` (+amount on revenue) and `ledger` (the
 * wallet's line, −amount, with the balance after). The lines sum to zero.
 */
export function paymentLedgerCte(input: { userId: string; amountKobo: number; description: string; confirmedBy: string }): SQL {
  const confirmed = sql.raw(input.confirmedBy);
  return sql`posting as (
    insert into ${postings} (kind, idempotency_key)
    select 'wallet_payment', 'payment:' || ${confirmed}.id from ${confirmed}, debit
    returning id
  ),
  revenue_line as (
    insert into ${postingLines} (posting_id, account_type, amount_kobo)
    select posting.id, 'revenue', ${input.amountKobo}::bigint from posting
  ),
  ledger as (
    insert into ${ledgerEntries}
      (posting_id, user_id, amount_kobo, sandbox_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key)
    select posting.id, ${input.userId}::uuid, ${-input.amountKobo}::bigint, ${DEBITED_SANDBOX_KOBO}, debit.balance_kobo,
      'payment', ${input.description}::text, ${confirmed}.id, 'payment:' || ${confirmed}.id
    from ${confirmed}, debit, funds, posting
    returning balance_after_kobo
  )`;
}

/**
 * A posting (the CTE `name`, returning its id) and its platform lines (`name_lines_written`), the lines from the
 * JSON array in the placeholder `lines` (account_type, account_key, amount_kobo). Written once per row of `from`,
 * or once without it.
 */
export function postingCtes(name: string, posting: { kind: SQL; idempotencyKey: SQL; paymentId?: SQL; lines: string; from?: SQL }): SQL {
  const cte = sql.raw(name);
  return sql`${cte} as (
    insert into ${postings} (kind, idempotency_key, payment_id)
    select ${posting.kind}::text, ${posting.idempotencyKey}::text, ${posting.paymentId ?? sql`null`}::uuid
    ${posting.from ? sql`from ${posting.from}` : sql``}
    returning id
  ),
  ${sql.raw(`${name}_lines_written`)} as (
    insert into ${postingLines} (posting_id, account_type, account_key, amount_kobo)
    select ${cte}.id, line.account_type, line.account_key, line.amount_kobo
    from ${cte}, jsonb_to_recordset(${sql.placeholder(posting.lines)}::jsonb) as line(account_type text, account_key text, amount_kobo bigint)
  )`;
}

/**
 * Credits a wallet, creating it on first use, `returning balance_kobo` (the balance after); when `from` (a CTE)
 * has a row, or at once without one. The values are the placeholders of these names.
 */
export function walletCredit(from: string | null, names: { userId: string; amountKobo: string; sandboxKobo: string; at: string }): SQL {
  return sql`insert into ${wallets} (user_id, balance_kobo, sandbox_kobo, updated_at)
    select ${sql.placeholder(names.userId)}::uuid, ${sql.placeholder(names.amountKobo)}::bigint,
      ${sql.placeholder(names.sandboxKobo)}::bigint, ${sql.placeholder(names.at)}::timestamptz
    ${from ? sql`from ${sql.raw(from)}` : sql``}
    on conflict (user_id) do update set
      balance_kobo = ${wallets}.balance_kobo + excluded.balance_kobo,
      sandbox_kobo = ${wallets}.sandbox_kobo + excluded.sandbox_kobo,
      updated_at = excluded.updated_at
    returning balance_kobo`;
}

/**
 * A driver's share of a delivered fare (decision 034), for a prepared statement another module composes (the
 * hand-over): written only when `confirmedBy` (a CTE with a row) has one and the amount is above zero. Two postings:
 * `earning_posting` (revenue → the driver's earnings account, key `earningKey`) and `earning_paid` (that account →
 * the wallet, key `to-wallet:` + `earningKey`), the wallet credited (`earning_credited`, its balance after) and
 * its ledger entry, kind `earning`. The placeholders are those of WalletService.driverEarnings' values.
 */
export function driverEarningsCtes(confirmedBy: string): SQL {
  const confirmed = sql.raw(confirmedBy);
  const amount = sql`${sql.placeholder('earningKobo')}::bigint`;
  const key = sql`${sql.placeholder('earningKey')}::text`;
  return sql`${postingCtes('earning_posting', { kind: sql`'driver_earning'`, idempotencyKey: key, lines: 'earningLines', from: sql`${confirmed} where ${amount} > 0` })},
  ${postingCtes('earning_paid', { kind: sql`'driver_earning_paid'`, idempotencyKey: sql`'to-wallet:' || ${key}`, lines: 'earningPaidLines', from: sql`earning_posting` })},
  earning_credited as (
    ${walletCredit('earning_paid', { userId: 'earningUserId', amountKobo: 'earningKobo', sandboxKobo: 'earningSandboxKobo', at: 'earningAt' })}
  ),
  earning_entry as (
    insert into ${ledgerEntries}
      (posting_id, user_id, amount_kobo, sandbox_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key)
    select earning_paid.id, ${sql.placeholder('earningUserId')}::uuid, ${amount}, ${sql.placeholder('earningSandboxKobo')}::bigint,
      earning_credited.balance_kobo, 'earning', ${sql.placeholder('earningDescription')}::text, ${confirmed}.id,
      'to-wallet:' || ${key}
    from earning_paid, earning_credited, ${confirmed}
  )`;
}

/** The wallet's balance after a driverEarningsCtes credit, as a column of the composing statement's result (null if none). */
export const DRIVER_EARNINGS_BALANCE_AFTER = sql.raw('(select balance_kobo from earning_credited)');
