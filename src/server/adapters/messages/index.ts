import { isLoopbackHost, type Env } from '../../config/env.js';
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

export type DevOutboxAvailability = { enabled: true } | { enabled: false; reason: string };

/**
 * The dev outbox hands out every sign-in and reset code, so it is served only while nothing real is configured,
 * never in production, and only on this machine (loopback) unless DEV_OUTBOX=on says otherwise.
 */
export function devOutboxAvailability(env: Env): DevOutboxAvailability {
  if (env.NODE_ENV === 'production') return { enabled: false, reason: 'NODE_ENV is production' };
  if (env.SMTP_URL || env.TERMII_API_KEY) return { enabled: false, reason: 'a real email or SMS transport is configured' };
  if (env.DEV_OUTBOX === 'off') return { enabled: false, reason: 'DEV_OUTBOX=off' };
  if (env.DEV_OUTBOX === 'on' || isLoopbackHost(env.HOST)) return { enabled: true };
  return {
    enabled: false,
    reason: `HOST=${env.HOST} is reachable from other machines, and the dev outbox shows every sign-in and reset code; set DEV_OUTBOX=on to serve it anyway`,
  };
}
