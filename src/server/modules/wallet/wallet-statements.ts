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
