import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface SpendingTotals {
  thisMonthKobo: number;
  lastMonthKobo: number;
  totalKobo: number;
  firstSpentAt: Date | null;
}

export interface HistoryRow {
  id: string;
  kind: string;
  amountKobo: number;
  balanceAfterKobo: number;
  createdAt: Date;
  /** created_at as stored (microseconds), the keyset cursor's key. */
  cursorAt: string;
  deliveryNumber: number | null;
  /** The posting came with a gateway payment (a card payment credited to the wallet, a top-up). */
  fromPayment: boolean;
  withdrawalStatus: 'pending' | 'paid' | 'failed' | null;
  withdrawalBankCode: string | null;
  withdrawalAccount: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Reads for the wallet page: spending and the wallet's ledger lines with what they were for. */
export function createWalletHistoryRepository(db: Executor) {
  return {
    /**
     * Spending on deliveries: wallet payments plus succeeded card payments, less refunds of cancelled deliveries
     * (a late card payment credited to the wallet never counted as spending, so its credit is not subtracted).
     * A test-mode delivery's payment and refund are left out: it is no spending (decision 076; a card never pays one).
     */
    async spending(userId: string, thisMonthStart: Date, lastMonthStart: Date): Promise<SpendingTotals> {
      const live = sql`not exists (select 1 from deliveries d where d.id = e.delivery_id and not d.livemode)`;
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          with spend as (
            select e.created_at as at, -e.amount_kobo as kobo from ledger_entries e
              where e.user_id = ${userId}::uuid and e.kind = 'payment' and ${live}
            union all
            select completed_at, amount_kobo from payments
              where user_id = ${userId}::uuid and purpose = 'delivery' and status = 'succeeded'
            union all
            select e.created_at, -e.amount_kobo from ledger_entries e join postings p on p.id = e.posting_id
              where e.user_id = ${userId}::uuid and e.kind = 'refund' and p.payment_id is null and ${live}
          )
          select
            coalesce(sum(kobo) filter (where at >= ${thisMonthStart}::timestamptz), 0) as this_month,
            coalesce(sum(kobo) filter (where at >= ${lastMonthStart}::timestamptz and at < ${thisMonthStart}::timestamptz), 0) as last_month,
            coalesce(sum(kobo), 0) as total,
            min(at) as first_at
          from spend
        `),
      );
      return {
        thisMonthKobo: Number(row?.this_month ?? 0),
        lastMonthKobo: Number(row?.last_month ?? 0),
        totalKobo: Number(row?.total ?? 0),
        firstSpentAt: row?.first_at ? new Date(row.first_at as string) : null,
      };
    },

    /**
     * What the wallet was credited for delivered jobs (lines of kind `earning`) from `fromAt` to before `toAt`: the
     * driver's home (decision 060). One user's lines of that window, through ledger_entries_user_idx.
     */
    earnedQuery(userId: string, fromAt: string, toAt: string) {
      return sql`
          select coalesce(sum(amount_kobo), 0) as earned from ledger_entries
          where user_id = ${userId}::uuid and created_at >= ${fromAt}::timestamptz and created_at < ${toAt}::timestamptz
            and kind = 'earning'`;
    },

    async earned(userId: string, fromAt: string, toAt: string): Promise<number> {
      const [row] = rowsOf<Record<string, unknown>>(await db.execute(this.earnedQuery(userId, fromAt, toAt)));
      return Number(row?.earned ?? 0);
    },

    /**
     * One keyset page of the wallet's ledger lines, newest first (ledger_entries_user_idx): up to `limit` after
     * `after`, each with its created_at as stored (`cursorAt`). A paid withdrawal's zero line only changes its status,
     * so it is left out. No count: the history is never totalled.
     */
    pageQuery(userId: string, after: { at: string; id: string } | null, limit: number) {
      return sql`
          select e.id, e.kind, e.amount_kobo, e.balance_after_kobo, e.created_at, e.created_at::text as cursor_at, d.number as delivery_number,
            p.payment_id is not null as from_payment, w.status as withdrawal_status, w.bank_code, w.account_number_masked
          from ledger_entries e
          join postings p on p.id = e.posting_id
          left join deliveries d on d.id = e.delivery_id
          left join withdrawals w on w.id = (
            case when e.kind in ('hold', 'hold_release') and split_part(e.idempotency_key, ':', 2) = 'withdrawal'
              then split_part(e.idempotency_key, ':', 3) end
          )::uuid
          where e.user_id = ${userId}::uuid and e.kind <> 'hold_settle'
            ${after ? sql`and (e.created_at, e.id) < (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
          order by e.created_at desc, e.id desc
          limit ${limit}
        `;
    },

    async page(userId: string, after: { at: string; id: string } | null, limit: number): Promise<HistoryRow[]> {
      const rows = await db.execute(this.pageQuery(userId, after, limit));
      return rowsOf<Record<string, unknown>>(rows).map((r) => ({
          id: r.id as string,
          cursorAt: r.cursor_at as string,
          kind: r.kind as string,
          amountKobo: Number(r.amount_kobo),
          balanceAfterKobo: Number(r.balance_after_kobo),
          createdAt: new Date(r.created_at as string),
          deliveryNumber: r.delivery_number === null || r.delivery_number === undefined ? null : Number(r.delivery_number),
          fromPayment: Boolean(r.from_payment),
          withdrawalStatus: (r.withdrawal_status as HistoryRow['withdrawalStatus']) ?? null,
          withdrawalBankCode: (r.bank_code as string | null) ?? null,
          withdrawalAccount: (r.account_number_masked as string | null) ?? null,
        }));
    },
  };
}
export type WalletHistoryRepository = ReturnType<typeof createWalletHistoryRepository>;
