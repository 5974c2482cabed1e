import type { Executor } from '../../db/client.js';
import type { MessageChannel } from '../../adapters/messages/index.js';
import { renderNotice, type NoticeKind } from '../messages/message-templates.js';
import type { OutboxWriter } from '../messages/outbox-worker.js';

/** An account's identifiers and language: whom a notice about the account goes to, and in which words. */
export interface NoticeRecipient {
  email: string | null;
  phone: string | null;
  whatsappNumber: string | null;
  language: string;
}

/** Tells the owner, on every identifier the account has, in its language. Call inside the transaction. */
export async function sendAccountNotice(outbox: OutboxWriter, tx: Executor, account: NoticeRecipient, kind: NoticeKind) {
  const message = renderNotice(kind, account.language);
  const targets: [MessageChannel, string | null][] = [
    ['email', account.email],
    ['sms', account.phone],
    ['whatsapp', account.whatsappNumber],
  ];
  for (const [channel, recipient] of targets) {
    if (recipient) await outbox.insertMessage({ channel, recipient, ...message }, tx);
  }
}
