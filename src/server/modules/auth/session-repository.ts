import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';

export function createSessionRepository(db: Executor) {
  /** Every request that is not in the session cache asks this: built once, prepared in PostgreSQL. */
  let liveSessionStatement: ReturnType<typeof prepareLiveSession> | undefined;
  function prepareLiveSession() {
    return db
      .select({ sessionId: sessions.id, userId: sessions.userId, roles: users.roles, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare('live_session');
  }

  return {
    async insertSession(values: { userId: string; tokenHash: string; persistent: boolean; expiresAt: Date }, tx: Executor = db) {
      const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
      return row!;
    },

    /** The live session for a token hash, with the user's id and roles. */
    async findLiveSession(tokenHash: string, now: Date) {
      const [row] = await (liveSessionStatement ??= prepareLiveSession()).execute({ tokenHash, now });
      return row ?? null;
    },

    /** When the session's holder last proved the password: at sign-in, or since then by step-up. */
    async findAuthenticatedAt(sessionId: string): Promise<Date | null> {
      const [row] = await db
        .select({ createdAt: sessions.createdAt, reauthenticatedAt: sessions.reauthenticatedAt })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .limit(1);
      if (!row) return null;
      return row.reauthenticatedAt && row.reauthenticatedAt > row.createdAt ? row.reauthenticatedAt : row.createdAt;
    },

    async markReauthenticated(sessionId: string, at: Date) {
      await db.update(sessions).set({ reauthenticatedAt: at }).where(eq(sessions.id, sessionId));
    },

    async revokeSession(sessionId: string, now: Date, tx: Executor = db) {
      await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async revokeAllForUser(userId: string, now: Date, tx: Executor = db) {
      await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    async revokeOthersForUser(userId: string, keepSessionId: string, now: Date, tx: Executor = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
