import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { receiptCounters, receipts } from '../../db/schema/index.js';

export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceipt = Omit<typeof receipts.$inferInsert, 'id' | 'number' | 'createdAt'>;

const SERIES = 'receipts';

/** `db` reads; `writeDb` runs the issuing transaction (the write pool on PostgreSQL, decision 050). */
export function createReceiptsRepository(db: Db, writeDb: Db = db) {
  /** An account's receipts, newest first, after a number (receipts_user_number_idx). */
  const pageQuery = (userId: string, afterNumber: number | null, limit: number) =>
    db
      .select()
      .from(receipts)
      .where(and(eq(receipts.userId, userId), afterNumber === null ? undefined : lt(receipts.number, afterNumber)))
      .orderBy(desc(receipts.number))
      .limit(limit);

  return {
    /**
     * Writes receipts with the next numbers of the series, in one transaction: the counter's row is locked first, so
     * concurrent issuers (this instance's next batch, another instance) wait and take the numbers after these, and a
     * rollback gives the numbers back: no gaps, no repeats. A draft whose source already has a receipt gets that one
     * instead of a second (looked up after the lock, so a concurrent issuer's committed receipt is seen). One result
     * per draft, in order.
     */
    async issue(drafts: readonly NewReceipt[]): Promise<{ row: ReceiptRow; created: boolean }[]> {
      return writeDb.transaction(async (tx: Executor) => {
        const [counter] = await tx
          .select({ last: receiptCounters.lastNumber })
          .from(receiptCounters)
          .where(eq(receiptCounters.series, SERIES))
          .for('update');
        let last = counter!.last;
        const keys = drafts.flatMap((draft) => (draft.sourceKey ? [draft.sourceKey] : []));
        const existing = keys.length ? await tx.select().from(receipts).where(inArray(receipts.sourceKey, keys)) : [];
        const bySource = new Map(existing.map((row) => [row.sourceKey!, row]));
        const fresh: (NewReceipt & { number: number })[] = [];
        const plan = drafts.map((draft) => {
          const found = draft.sourceKey ? bySource.get(draft.sourceKey) : undefined;
          if (found) return { existing: found };
          const numbered = { ...draft, number: ++last };
          fresh.push(numbered);
          // A second draft of the same source in this batch gets the first's receipt.
          if (draft.sourceKey) bySource.set(draft.sourceKey, numbered as unknown as ReceiptRow);
          return { number: numbered.number };
        });
        const written = fresh.length ? await tx.insert(receipts).values(fresh).returning() : [];
        if (fresh.length) await tx.update(receiptCounters).set({ lastNumber: last }).where(eq(receiptCounters.series, SERIES));
        const byNumber = new Map(written.map((row) => [row.number, row]));
        return plan.map((step) =>
          'existing' in step
            ? { row: byNumber.get((step.existing as ReceiptRow).number) ?? step.existing!, created: false }
            : { row: byNumber.get(step.number)!, created: true },
        );
      });
    },

    pageQuery,
    findPage: pageQuery,

    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.id, id), eq(receipts.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The numbers written, lowest first (for checks: gaps and repeats). */
    async allNumbers() {
      const rows = await db.select({ number: receipts.number }).from(receipts).orderBy(receipts.number);
      return rows.map((row) => row.number);
    },

    async lastNumber() {
      const [row] = await db.select({ last: receiptCounters.lastNumber }).from(receiptCounters).where(eq(receiptCounters.series, SERIES));
      return row?.last ?? 0;
    },
  };
}
export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
