import type { Env } from '../../config/env.js';
import { createDevOutboxTransport } from './dev-outbox-transport.js';
import type { MessageTransports } from './message-transport.js';
import { createTermiiTransport } from './termii-transport.js';

export type { MessageChannel, MessageTransport, MessageTransports, OutgoingMessage } from './message-transport.js';

/** Each channel uses its real provider when configured, otherwise the dev outbox (nodemailer loads only for SMTP). */
export async function createMessageTransports(env: Env): Promise<{ transports: MessageTransports; close(): void }> {
  const dev = createDevOutboxTransport();
  const smtp = env.SMTP_URL
    ? (await import('./smtp-transport.js')).createSmtpTransport({ url: env.SMTP_URL, from: env.SMTP_FROM })
    : undefined;
  const termii = env.TERMII_API_KEY
    ? createTermiiTransport({ baseUrl: env.TERMII_BASE_URL, apiKey: env.TERMII_API_KEY, senderId: env.TERMII_SENDER_ID })
    : undefined;
  return {
    transports: { email: smtp ?? dev, sms: termii ?? dev, whatsapp: termii ?? dev },
    close: () => smtp?.close(),
  };
}

/** The dev mailbox is shown only while nothing real is configured, and never in production. */
export function isDevMailboxEnabled(env: Env): boolean {
  return env.NODE_ENV !== 'production' && !env.SMTP_URL && !env.TERMII_API_KEY;
}
