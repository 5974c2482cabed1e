import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { createGroupCommit } from '../../lib/group-commit.js';
import type { Db, Executor } from '../../db/client.js';
import { quotes } from '../../db/schema/index.js';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteValues = Omit<typeof quotes.$inferInsert, 'id'>;

export function createQuotesRepository(db: Db) {
  // A form asks for a price as its fields change: under load, the quotes that arrive together are one insert.
  const grouped = createGroupCommit(async (batch: readonly (QuoteValues & { id: string })[]) => {
    const rows = await db.insert(quotes).values([...batch]).returning();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return batch.map((values) => byId.get(values.id)!);
  });

  // A booking reads its quote first (the hot path): prepared once.
  let byIdStatement: ReturnType<typeof prepareById> | undefined;
  const prepareById = () => db.select().from(quotes).where(eq(quotes.id, sql.placeholder('id'))).limit(1).prepare('quote_by_id');

  return {
    /** In the caller's transaction (a booking that quotes for itself), or grouped with others arriving together. */
    async insert(values: QuoteValues, tx?: Executor): Promise<QuoteRow> {
      if (!tx) return grouped.submit({ ...values, id: randomUUID() });
      const [row] = await tx.insert(quotes).values(values).returning();
      return row!;
    },

    async find(id: string, tx?: Executor): Promise<QuoteRow | null> {
      const [row] = tx
        ? await tx.select().from(quotes).where(eq(quotes.id, id)).limit(1)
        : await (byIdStatement ??= prepareById()).execute({ id });
      return row ?? null;
    },

    /** Marks the user's quote of this mode used if it is still unused and unexpired at `now`: the row, or null otherwise. */
    async markUsed(userId: string, id: string, livemode: boolean, now: Date, tx: Executor = db): Promise<QuoteRow | null> {
      const [row] = await tx
        .update(quotes)
        .set({ usedAt: now })
        .where(and(eq(quotes.id, id), eq(quotes.userId, userId), eq(quotes.livemode, livemode), isNull(quotes.usedAt), gt(quotes.expiresAt, now)))
        .returning();
      return row ?? null;
    },

    /** Quotes that expired before `before`: nothing reads them any more (a delivery copies what it needs). */
    async deleteExpired(before: Date): Promise<number> {
      const deleted = await db.delete(quotes).where(lt(quotes.expiresAt, before)).returning({ id: quotes.id });
      return deleted.length;
    },
  };
}
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
