import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export interface HistoryRow {
  id: string;
  kind: string;
  amountKobo: number;
  balanceAfterKobo: number;
  createdAt: Date;
  /** created_at as stored (microseconds), the keyset cursor's key. */
  cursorAt: string;
  deliveryNumber: number | null;
  /** The line's delivery went back to its sender: a driver's earning on it is a return's (decision 086). */
  deliveryReturned: boolean;
  /** The posting came with a gateway payment (a card payment credited to the wallet, a top-up). */
  fromPayment: boolean;
  withdrawalStatus: 'pending' | 'paid' | 'failed' | null;
  withdrawalBankCode: string | null;
  withdrawalAccount: string | null;
  withdrawalTransferReference: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Reads for the wallet page: the wallet's ledger lines with what they were for, and a driver's earnings. */
export function createWalletHistoryRepository(db: Executor) {
  return {
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
            d.status = 'returned' as delivery_returned, p.payment_id is not null as from_payment, w.status as withdrawal_status, w.bank_code, w.account_number_masked,
            w.transfer_reference
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
          deliveryReturned: r.delivery_returned === true,
          fromPayment: Boolean(r.from_payment),
          withdrawalStatus: (r.withdrawal_status as HistoryRow['withdrawalStatus']) ?? null,
          withdrawalBankCode: (r.bank_code as string | null) ?? null,
          withdrawalAccount: (r.account_number_masked as string | null) ?? null,
          withdrawalTransferReference: (r.transfer_reference as string | null) ?? null,
        }));
    },
  };
}
export type WalletHistoryRepository = ReturnType<typeof createWalletHistoryRepository>;
