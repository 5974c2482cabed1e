import { isNotNull, sql, type WithSubquery } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertRow } from '../../db/insert-row.js';
import { outboxMessages } from '../../db/schema/index.js';
import type { NewOutboxMessage } from './outbox-repository.js';

const message = {
  channel: sql.placeholder('messageChannel'),
  recipient: sql.placeholder('messageRecipient'),
  subject: sql.placeholder('messageSubject'),
  body: sql.placeholder('messageBody'),
  holdsSecret: sql.placeholder('messageHoldsSecret'),
};

/**
 * The outbox's part of a statement another module composes (an assignment and the receiver's code): one message,
 * written per row of `after` (a CTE), so the change and its message commit together in one round trip. Its
 * placeholders are outboxMessageValues'; no message (a null recipient) writes nothing.
 */
export function outboxMessageCte(qb: Executor, after: WithSubquery) {
  return qb.$with('outbox_message').as(
    qb.insert(outboxMessages).select(qb.select(insertRow(outboxMessages, message)).from(after).where(isNotNull(sql`${message.recipient}::text`))),
  );
}

export function outboxMessageValues(outbound: NewOutboxMessage | null): Record<string, unknown> {
  return {
    messageChannel: outbound?.channel ?? null,
    messageRecipient: outbound?.recipient ?? null,
    messageSubject: outbound?.subject ?? null,
    messageBody: outbound?.body ?? null,
    messageHoldsSecret: outbound?.holdsSecret ?? false,
  };
}
