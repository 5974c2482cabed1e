import type { Executor } from '../../db/client.js';
import type { NotificationPreferences } from '../../../shared/schemas/preferences.js';
import { isMessageWanted, isTopicWanted, type MessageCategory } from './message-policy.js';
import type { NewOutboxMessage, OutboxRepository } from './outbox-repository.js';

export interface UserMessage extends NewOutboxMessage {
  /** The account the message is about; its preferences decide optional messages. */
  userId: string;
  /** `categoryOf(kind)` of the template the message was rendered from. */
  category: MessageCategory;
}

/**
 * The door to the outbox for messages to an account holder: an optional message the person turned off is not
 * queued at all. Essential ones are queued without reading the preferences.
 */
export function createUserMessageQueue(deps: {
  outbox: Pick<OutboxRepository, 'insertMessage'>;
  findPreferences: (userId: string, tx: Executor) => Promise<NotificationPreferences>;
}) {
  return {
    /** Whether the person takes this category on any channel: lets a caller skip building a message no one wants. */
    async takesCategory(userId: string, category: MessageCategory, tx: Executor): Promise<boolean> {
      return category === 'essential' || isTopicWanted(category, await deps.findPreferences(userId, tx));
    },

    /** Call inside the transaction that makes the change the message reports; returns whether it was queued. */
    async queueMessage({ userId, category, ...message }: UserMessage, tx: Executor): Promise<boolean> {
      if (category !== 'essential') {
        const preferences = await deps.findPreferences(userId, tx);
        if (!isMessageWanted(category, message.channel, preferences)) return false;
      }
      await deps.outbox.insertMessage(message, tx);
      return true;
    },
  };
}
export type UserMessageQueue = ReturnType<typeof createUserMessageQueue>;
