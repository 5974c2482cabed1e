import { and, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

export interface IdempotencyScope {
  userId: string;
  route: string;
  key: string;
}

export function createIdempotencyRepository(db: Executor) {
  const inScope = (scope: IdempotencyScope) =>
    and(
      eq(idempotencyKeys.userId, scope.userId),
      eq(idempotencyKeys.route, scope.route),
      eq(idempotencyKeys.key, scope.key),
    );

  return {
    /** Takes the key for this request; null when someone holds or held it already. */
    async insertClaim(scope: IdempotencyScope, requestHash: string, now: Date, expiresAt: Date): Promise<string | null> {
      const [row] = await db
        .insert(idempotencyKeys)
        .values({ ...scope, requestHash, lockedAt: now, createdAt: now, expiresAt })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.route, idempotencyKeys.key] })
        .returning({ id: idempotencyKeys.id });
      return row?.id ?? null;
    },

    async findByScope(scope: IdempotencyScope): Promise<IdempotencyRecord | undefined> {
      const [row] = await db.select().from(idempotencyKeys).where(inScope(scope)).limit(1);
      return row;
    },

    /** Removes the row only if it has expired by `now` (another request may have renewed it meanwhile). */
    async deleteIfExpired(id: string, now: Date): Promise<void> {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), lte(idempotencyKeys.expiresAt, now)));
    },

    /** Takes over a hold taken before `cutoff` whose request never finished; only one taker wins. */
    async takeOverAbandoned(id: string, cutoff: Date, now: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ lockedAt: now })
        .where(
          and(
            eq(idempotencyKeys.id, id),
            eq(idempotencyKeys.status, 'in_progress'),
            lte(idempotencyKeys.lockedAt, cutoff),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      return rows.length === 1;
    },

    async complete(id: string, response: { status: number; contentType: string | null; body: string }): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({
          status: 'completed',
          responseStatus: response.status,
          responseContentType: response.contentType,
          responseBody: response.body,
        })
        .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.status, 'in_progress')));
    },

    /** Lets the key be used again (the request failed on our side). */
    async release(id: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.status, 'in_progress')));
    },

    async deleteExpired(now: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lte(idempotencyKeys.expiresAt, sql`${now.toISOString()}::timestamptz`))
        .returning({ id: idempotencyKeys.id });
      return rows.length;
    },
  };
}
export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
