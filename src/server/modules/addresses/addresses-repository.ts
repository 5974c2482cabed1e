import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

export function createAddressesRepository(db: Db) {
  return {
    /** A user's addresses, oldest first (at most the book's limit, so no paging). */
    list: (userId: string) => db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id)),

    async find(userId: string, id: string, tx: Executor = db): Promise<AddressRow | null> {
      const [row] = await tx.select().from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).limit(1);
      return row ?? null;
    },

    /**
     * Serialises the writes to one user's address book until the transaction ends (a transaction-scoped advisory
     * lock), so parallel saves count one after another.
     */
    async lockBook(userId: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`);
    },

    async count(userId: string, tx: Executor = db): Promise<number> {
      const [{ saved } = { saved: 0 }] = await tx.select({ saved: count() }).from(addresses).where(eq(addresses.userId, userId));
      return saved;
    },

    async insert(userId: string, values: AddressValues, tx: Executor = db): Promise<AddressRow> {
      const [row] = await tx.insert(addresses).values({ userId, ...values }).returning();
      return row!;
    },

    async update(userId: string, id: string, values: Partial<AddressValues>): Promise<AddressRow | null> {
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row ?? null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return deleted.length > 0;
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
