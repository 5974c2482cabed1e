import type { MessageTransport } from './message-transport.js';

/**
 * The local transport: the outbox row itself is the mailbox, so delivering is only acknowledging it.
 * Messages are read at /dev/mailbox and GET /api/dev/messages.
 */
export function createDevOutboxTransport(): MessageTransport {
  return {
    name: 'dev-outbox',
    async send() {},
  };
}
