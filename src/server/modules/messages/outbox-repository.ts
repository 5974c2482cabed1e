import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepareStatement } from '../../db/prepared.js';
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

const claimStatement = prepareStatement<{
  id: string;
  channel: MessageChannel;
  recipient: string;
  subject: string;
  body: string;
  holds_secret: boolean;
  attempts: number;
}>(
  'outbox_claim',
  sql`
    UPDATE outbox_messages AS m
    SET attempts = m.attempts + 1, next_attempt_at = ${sql.placeholder('leaseUntil')}::timestamptz
    WHERE m.id IN (
      SELECT id FROM outbox_messages
      WHERE status = 'pending' AND next_attempt_at <= ${sql.placeholder('now')}::timestamptz
      ORDER BY next_attempt_at
      LIMIT ${sql.placeholder('limit')}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING m.id, m.channel, m.recipient, m.subject, m.body, m.holds_secret, m.attempts`,
);

export function createOutboxRepository(db: Executor) {
  return {
    /** Call with the transaction that makes the change the message reports. */
    async insertMessage(message: NewOutboxMessage, tx: Executor = db) {
      await tx.insert(outboxMessages).values(message);
    },

    /** Several messages in one statement, for messages that follow a change already committed. */
    async insertMany(messages: readonly NewOutboxMessage[]) {
      if (messages.length > 0) await db.insert(outboxMessages).values([...messages]);
    },

    /**
     * Claims due messages for one delivery attempt. The claim pushes next_attempt_at forward by a lease,
     * so a crashed worker's messages become due again; SKIP LOCKED lets several instances share the table.
     */
    async claimDue(limit: number, now: Date, leaseMs: number): Promise<ClaimedMessage[]> {
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const rows = await claimStatement.rows(db, { leaseUntil: leaseUntil.toISOString(), now: now.toISOString(), limit });
      return rows.map(({ holds_secret, ...row }) => ({ ...row, holdsSecret: holds_secret, attempts: Number(row.attempts) }));
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
