import { sql, type SQL } from 'drizzle-orm';
import { outboxMessages } from '../../db/schema/index.js';
import type { NewOutboxMessage } from './outbox-repository.js';

/**
 * The outbox's part of a prepared statement another module composes (an assignment and the receiver's code): one
 * message written when `confirmedBy` (a CTE) has a row, so the change and its message commit together in one round
 * trip. Its placeholders are outboxMessageValues'; no message (a null recipient) writes nothing.
 */
export function outboxMessageCte(confirmedBy: string): SQL {
  return sql`insert into ${outboxMessages} (channel, recipient, subject, body, holds_secret)
    select ${sql.placeholder('messageChannel')}::text, ${sql.placeholder('messageRecipient')}::text,
      ${sql.placeholder('messageSubject')}::text, ${sql.placeholder('messageBody')}::text, ${sql.placeholder('messageHoldsSecret')}::boolean
    from ${sql.raw(confirmedBy)}
    where ${sql.placeholder('messageRecipient')}::text is not null`;
}

export function outboxMessageValues(message: NewOutboxMessage | null): Record<string, unknown> {
  return {
    messageChannel: message?.channel ?? null,
    messageRecipient: message?.recipient ?? null,
    messageSubject: message?.subject ?? null,
    messageBody: message?.body ?? null,
    messageHoldsSecret: message?.holdsSecret ?? false,
  };
}
