import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cappedCount, countsOf } from '../../db/capped-count.js';
import { withdrawals } from '../../db/schema/index.js';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
type Status = WithdrawalRow['status'];

export function createWithdrawalsRepository(db: Executor) {
  return {
    async insert(values: typeof withdrawals.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(withdrawals).values(values).returning();
      return row!;
    },

    async findById(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).limit(1);
      return row ?? null;
    },

    async findByReference(reference: string) {
      const [row] = await db.select().from(withdrawals).where(eq(withdrawals.reference, reference)).limit(1);
      return row ?? null;
    },

    /** The operator's list as one keyset page, newest first, by status or all (withdrawals_status_idx / _created_idx). */
    list(status: Status | undefined, after: { at: string; id: string } | null, limit: number) {
      return db
        .select({ withdrawal: withdrawals, cursorAt: sql<string>`${withdrawals.createdAt}::text`.as('cursor_at') })
        .from(withdrawals)
        .where(
          and(
            status ? eq(withdrawals.status, status) : undefined,
            after ? sql`(${withdrawals.createdAt}, ${withdrawals.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit);
    },

    /** Withdrawals waiting to be paid, up to `cap` (the operator's home, decision 060; withdrawals_status_idx). */
    pendingCountQuery: (cap: number) => sql`select ${cappedCount(withdrawals, sql`status = 'pending'`, cap)} as pending`,

    async countPending(cap: number) {
      return countsOf(await db.execute(this.pendingCountQuery(cap)), ['pending'] as const).pending;
    },

    /**
     * Ends a pending withdrawal once: only one caller (operator, webhook, a retry) sees the row come back, so a
     * transfer reference is written once and never replaced. The whole account number goes with it: nobody pays an
     * ended withdrawal. Paid without a reference of the bank's (a payout gateway paid it), its transfer code is the
     * reference (decision 089).
     */
    async finish(
      id: string,
      ending: { status: 'paid'; transferReference: string | null } | { status: 'failed'; failureReason: string | null },
      at: Date,
      tx: Executor,
    ) {
      const outcome =
        ending.status === 'paid'
          ? { failureReason: null, transferReference: sql`coalesce(${ending.transferReference}::text, ${withdrawals.gatewayTransferCode})` }
          : { failureReason: ending.failureReason };
      const [row] = await tx
        .update(withdrawals)
        .set({ status: ending.status, completedAt: at, accountNumberSealed: null, ...outcome })
        .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
        .returning();
      return row ?? null;
    },

    async setTransferCode(id: string, transferCode: string | null) {
      await db.update(withdrawals).set({ gatewayTransferCode: transferCode }).where(eq(withdrawals.id, id));
    },
  };
}
export type WithdrawalsRepository = ReturnType<typeof createWithdrawalsRepository>;
