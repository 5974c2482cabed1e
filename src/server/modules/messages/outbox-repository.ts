import { createGroupCommit } from '../../lib/group-commit.js';
import { and, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { MessageChannel } from '../../adapters/messages/index.js';

export interface NewOutboxMessage {
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
  /** The body carries a code (see renderCodeMessage). */
  holdsSecret?: boolean;
}

export type ClaimedMessage = Pick<
  typeof outboxMessages.$inferSelect,
  'id' | 'channel' | 'recipient' | 'subject' | 'body' | 'holdsSecret' | 'attempts'
>;

/**
 * Claims due messages for one delivery attempt: pushes next_attempt_at forward by a lease, so a crashed worker's
 * messages become due again; SKIP LOCKED lets several instances share the table. Also in the plan test's registry.
 */
export function prepareClaim(db: Executor) {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`${sql.placeholder('now')}::timestamptz`)))
    .orderBy(outboxMessages.nextAttemptAt)
    .limit(sql.placeholder('limit'))
    .for('update', { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: sql`${sql.placeholder('leaseUntil')}::timestamptz` })
    .where(inArray(outboxMessages.id, due))
    .returning({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      holdsSecret: outboxMessages.holdsSecret,
      attempts: outboxMessages.attempts,
    })
    .prepare('outbox_claim');
}

export function createOutboxRepository(db: Executor) {
  let claimStatement: ReturnType<typeof prepareClaim> | undefined;
  // Messages that follow a committed change (a receipt, an update to the customer) and arrive together are one insert.
  const grouped = createGroupCommit(async (messages: readonly NewOutboxMessage[]) => {
    await db.insert(outboxMessages).values([...messages]);
    return messages.map(() => undefined);
  });
  return {
    /** Call with the transaction that makes the change the message reports. */
    async insertMessage(message: NewOutboxMessage, tx: Executor = db) {
      if (tx === db) return grouped.submit(message);
      await tx.insert(outboxMessages).values(message);
    },

    /** Several messages in one statement, for messages that follow a change already committed. */
    async insertMany(messages: readonly NewOutboxMessage[]) {
      if (messages.length > 0) await db.insert(outboxMessages).values([...messages]);
    },

    /** Claims due messages for one delivery attempt (prepareClaim). */
    async claimDue(limit: number, now: Date, leaseMs: number): Promise<ClaimedMessage[]> {
      const leaseUntil = new Date(now.getTime() + leaseMs);
      return (claimStatement ??= prepareClaim(db)).execute({ leaseUntil: leaseUntil.toISOString(), now: now.toISOString(), limit });
    },

    /** `forgetBody` blanks a delivered code: the codes table keeps only hashes, and so should the outbox. */
    async markSent(ids: readonly string[], now: Date, options: { forgetBody?: boolean } = {}) {
      if (ids.length === 0) return;
      await db
        .update(outboxMessages)
        .set({ status: 'sent', sentAt: now, lastError: null, ...(options.forgetBody ? { body: '' } : {}) })
        .where(and(inArray(outboxMessages.id, [...ids]), eq(outboxMessages.status, 'pending')));
    },

    async markFailedAttempt(id: string, error: string, retryAt: Date | null) {
      await db
        .update(outboxMessages)
        .set(
          retryAt
            ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
            : { lastError: error.slice(0, 500), status: 'failed' },
        )
        .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending')));
    },

    /** Newest first, none older than `since`; for the dev mailbox. */
    async listForRecipient(recipient: string | undefined, limit: number, since: Date) {
      return db
        .select({
          id: outboxMessages.id,
          to: outboxMessages.recipient,
          channel: outboxMessages.channel,
          subject: outboxMessages.subject,
          body: outboxMessages.body,
          status: outboxMessages.status,
          createdAt: outboxMessages.createdAt,
        })
        .from(outboxMessages)
        .where(
          and(
            gte(outboxMessages.createdAt, since),
            recipient === undefined ? undefined : eq(outboxMessages.recipient, recipient),
          ),
        )
        .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
        .limit(limit);
    },

    /**
     * Forgets every message to these addresses, sent or waiting (a deleted account's, decision 059): what they said
     * is the account's personal data, and its records live on in the tables that own them.
     */
    async deleteForRecipients(recipients: readonly string[], tx: Executor = db) {
      if (recipients.length > 0) await tx.delete(outboxMessages).where(inArray(outboxMessages.recipient, [...recipients]));
    },

    /** Removes the messages of these channels written before `before`; returns how many. */
    async deleteOlderThan(channels: MessageChannel[], before: Date): Promise<number> {
      if (channels.length === 0) return 0;
      const deleted = await db
        .delete(outboxMessages)
        .where(and(inArray(outboxMessages.channel, channels), lt(outboxMessages.createdAt, before)))
        .returning({ id: outboxMessages.id });
      return deleted.length;
    },

    async findById(id: string) {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
