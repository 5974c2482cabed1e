import { and, count, eq, gt, isNull, lt, max, min, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { codeSends, oneTimeCodes, resetTokens, users, wallets } from '../../db/schema/index.js';
import { PROFILE_COLUMNS } from '../users/profile-columns.js';
import type { NormalizedIdentifier } from '../../../shared/identifiers.js';
import type { CodePurpose } from '../messages/message-templates.js';

export function createAuthRepository(db: Executor) {
  return {
    async insertUser(values: typeof users.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(users).values(values).returning({ id: users.id, language: users.language });
      return row!;
    },

    /**
     * The account an identifier signs in to, with its profile (one query per sign-in), and which of its
     * identifiers matched (it decides the channel).
     */
    async findUserByIdentifier(identifier: NormalizedIdentifier, tx: Executor = db) {
      const where =
        identifier.kind === 'email'
          ? eq(users.email, identifier.value)
          : or(eq(users.phone, identifier.value), eq(users.whatsappNumber, identifier.value));
      const [row] = await tx
        .select({ ...PROFILE_COLUMNS, passwordHash: users.passwordHash, verifiedAt: users.verifiedAt })
        .from(users)
        .leftJoin(wallets, eq(wallets.userId, users.id))
        .where(where)
        .limit(1);
      if (!row) return null;
      const channel = identifier.kind === 'email' ? 'email' : row.phone === identifier.value ? 'sms' : 'whatsapp';
      return { ...row, channel: channel as 'email' | 'sms' | 'whatsapp' };
    },

    /** The password hash of a signed-in user, and the identifier its sign-in limits count against. */
    async findPasswordOwner(userId: string) {
      const [row] = await db
        .select({ passwordHash: users.passwordHash, email: users.email, phone: users.phone, whatsappNumber: users.whatsappNumber })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    async markVerified(userId: string, now: Date, tx: Executor = db) {
      await tx
        .update(users)
        .set({ verifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.verifiedAt)));
    },

    async updatePasswordHash(userId: string, passwordHash: string, now: Date, tx: Executor = db) {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    },

    /** Sends to this identifier within the last hour (all purposes): count, newest and oldest. */
    async codeSendStats(identifier: string, since: Date, tx: Executor = db) {
      const [row] = await tx
        .select({ sends: count(), newest: max(codeSends.sentAt), oldest: min(codeSends.sentAt) })
        .from(codeSends)
        .where(and(eq(codeSends.identifier, identifier), gt(codeSends.sentAt, since)));
      return { sends: row?.sends ?? 0, newest: row?.newest ?? null, oldest: row?.oldest ?? null };
    },

    /** Records a send and forgets this identifier's sends older than the window, so the table stays small. */
    async recordCodeSend(identifier: string, purpose: CodePurpose, now: Date, windowStart: Date, tx: Executor = db) {
      await tx.delete(codeSends).where(and(eq(codeSends.identifier, identifier), lt(codeSends.sentAt, windowStart)));
      await tx.insert(codeSends).values({ identifier, purpose, sentAt: now });
    },

    /** One live code per identifier and purpose: a new one replaces the old, with a fresh attempt count. */
    async replaceCode(
      values: { identifier: string; purpose: CodePurpose; userId: string; codeHash: string; expiresAt: Date; now: Date },
      tx: Executor = db,
    ) {
      const { now, ...code } = values;
      await tx
        .insert(oneTimeCodes)
        .values({ ...code, createdAt: now })
        .onConflictDoUpdate({
          target: [oneTimeCodes.identifier, oneTimeCodes.purpose],
          set: { userId: code.userId, codeHash: code.codeHash, expiresAt: code.expiresAt, attempts: 0, consumedAt: null, createdAt: now },
        });
    },

    async findCode(identifier: string, purpose: CodePurpose, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.identifier, identifier), eq(oneTimeCodes.purpose, purpose)))
        .limit(1);
      return row ?? null;
    },

    /** Counts a wrong guess; returns the new count, or null when the code was already dead or used. */
    async recordWrongAttempt(codeId: string, maxAttempts: number, tx: Executor = db) {
      const [row] = await tx
        .update(oneTimeCodes)
        .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
        .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt), lt(oneTimeCodes.attempts, maxAttempts)))
        .returning({ attempts: oneTimeCodes.attempts });
      return row?.attempts ?? null;
    },

    /** Uses the code once: false when someone else used it first, or it died or expired meanwhile. */
    async consumeCode(codeId: string, maxAttempts: number, now: Date, tx: Executor = db) {
      const rows = await tx
        .update(oneTimeCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(oneTimeCodes.id, codeId),
            isNull(oneTimeCodes.consumedAt),
            lt(oneTimeCodes.attempts, maxAttempts),
            gt(oneTimeCodes.expiresAt, now),
          ),
        )
        .returning({ id: oneTimeCodes.id });
      return rows.length === 1;
    },

    /** Issues a reset token; earlier unused ones of the same user stop working. */
    async insertResetToken(values: { userId: string; tokenHash: string; expiresAt: Date }, now: Date, tx: Executor = db) {
      await tx
        .update(resetTokens)
        .set({ usedAt: now })
        .where(and(eq(resetTokens.userId, values.userId), isNull(resetTokens.usedAt)));
      await tx.insert(resetTokens).values({ ...values, createdAt: now });
    },

    /** Spends a live reset token; returns its user, or null when it is unknown, used or expired. */
    async consumeResetToken(tokenHash: string, now: Date, tx: Executor = db) {
      const [row] = await tx
        .update(resetTokens)
        .set({ usedAt: now })
        .where(and(eq(resetTokens.tokenHash, tokenHash), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, now)))
        .returning({ userId: resetTokens.userId });
      return row?.userId ?? null;
    },

    async hasLiveResetToken(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ id: resetTokens.id })
        .from(resetTokens)
        .where(and(eq(resetTokens.tokenHash, tokenHash), isNull(resetTokens.usedAt), gt(resetTokens.expiresAt, now)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
