import { and, count, desc, eq, gt, inArray, isNull, lt, max, min, ne, or, sql } from 'drizzle-orm';
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
        .select({
          ...PROFILE_COLUMNS,
          passwordHash: users.passwordHash,
          verifiedAt: users.verifiedAt,
          failedSignIns: users.failedSignIns,
          lockedAt: users.lockedAt,
        })
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
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async markVerified(userId: string, now: Date, tx: Executor = db) {
      await tx
        .update(users)
        .set({ verifiedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.verifiedAt)));
    },

    /** A new password also ends a lockout: only the owner of an identifier gets this far. */
    async updatePasswordHash(userId: string, passwordHash: string, now: Date, tx: Executor = db) {
      await tx
        .update(users)
        .set({ passwordHash, failedSignIns: 0, lockedAt: null, updatedAt: now })
        .where(eq(users.id, userId));
    },

    /** What checking a signed-in user's password needs; null for a deleted account, which has no password. */
    async findPasswordState(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select({
          passwordHash: users.passwordHash,
          failedSignIns: users.failedSignIns,
          lockedAt: users.lockedAt,
          email: users.email,
          phone: users.phone,
          whatsappNumber: users.whatsappNumber,
          language: users.language,
        })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Counts a wrong password and locks the account when the count reaches `limit`. Returns whether this very
     * call locked it (exactly one call can), or null when the account was locked already.
     */
    async recordFailedSignIn(userId: string, limit: number, now: Date, tx: Executor = db) {
      const [row] = await tx
        .update(users)
        .set({
          failedSignIns: sql`${users.failedSignIns} + 1`,
          lockedAt: sql`case when ${users.failedSignIns} + 1 >= ${limit} then ${now.toISOString()}::timestamptz else null end`,
        })
        .where(and(eq(users.id, userId), isNull(users.lockedAt)))
        .returning({ lockedAt: users.lockedAt });
      return row ? { lockedNow: row.lockedAt !== null } : null;
    },

    /** Resets the count after a right password; false when the account got locked meanwhile. */
    async clearFailedSignIns(userId: string, tx: Executor = db) {
      const rows = await tx
        .update(users)
        .set({ failedSignIns: 0 })
        .where(and(eq(users.id, userId), isNull(users.lockedAt)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** The user's unconfirmed identifier change (its code row), if any. */
    async findPendingChange(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'change'), isNull(oneTimeCodes.consumedAt)))
        .orderBy(desc(oneTimeCodes.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** One pending change per account: a new request drops the others. */
    async dropPendingChanges(userId: string, exceptIdentifier: string, tx: Executor = db) {
      await tx
        .delete(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, 'change'), ne(oneTimeCodes.identifier, exceptIdentifier)));
    },

    /** After an identifier change, codes sent to the account's former identifiers must not act on it. */
    async deleteCodesOfUser(userId: string, tx: Executor = db) {
      await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
    },

    async setIdentifier(userId: string, kind: 'email' | 'phone', value: string, now: Date, tx: Executor = db) {
      await tx
        .update(users)
        .set(kind === 'email' ? { email: value, updatedAt: now } : { phone: value, updatedAt: now })
        .where(eq(users.id, userId));
    },

    /**
     * The account a deletion works on, locked until its transaction ends: a second deletion at the same moment waits,
     * then finds it deleted (decision 059). Null when there is no such user.
     */
    async lockAccount(userId: string, tx: Executor) {
      const [row] = await tx
        .select({
          deletedAt: users.deletedAt,
          roles: users.roles,
          email: users.email,
          phone: users.phone,
          whatsappNumber: users.whatsappNumber,
          language: users.language,
          profileImage: users.profileImage,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /**
     * What is left of a deleted account: the row, for the deliveries, ledger lines and receipts that name it, with
     * a fixed name, no identifier (they may sign up again), no password that anything matches, no picture, no role.
     */
    async anonymiseUser(userId: string, name: string, now: Date, tx: Executor) {
      await tx
        .update(users)
        .set({
          name,
          email: null,
          phone: null,
          whatsappNumber: null,
          passwordHash: '',
          profileImage: null,
          roles: [],
          marketingConsent: false,
          failedSignIns: 0,
          lockedAt: null,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    },

    async deleteResetTokensOfUser(userId: string, tx: Executor) {
      await tx.delete(resetTokens).where(eq(resetTokens.userId, userId));
    },

    /** Forgets the sends to these identifiers older than `before`: the limits only ever look at the last hour. */
    async forgetCodeSends(identifiers: readonly string[], before: Date, tx: Executor) {
      if (identifiers.length === 0) return;
      await tx.delete(codeSends).where(and(inArray(codeSends.identifier, [...identifiers]), lt(codeSends.sentAt, before)));
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
