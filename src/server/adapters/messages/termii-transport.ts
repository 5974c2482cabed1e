import type { MessageTransport } from './message-transport.js';

export class TermiiError extends Error {}

/**
 * SMS and WhatsApp through Termii's documented "send message" API
 * (POST /api/sms/send, JSON body, `channel` generic | dnd | whatsapp).
 */
export function createTermiiTransport(options: {
  baseUrl: string;
  apiKey: string;
  senderId: string;
  timeoutMs?: number;
}): MessageTransport {
  const endpoint = new URL('/api/sms/send', options.baseUrl).toString();
  return {
    name: 'termii',
    async send(message) {
      if (message.channel === 'email') throw new TermiiError('Termii does not deliver email');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          api_key: options.apiKey,
          to: message.to.replace(/^\+/, ''),
          from: options.senderId,
          sms: message.body,
          type: 'plain',
          channel: message.channel === 'whatsapp' ? 'whatsapp' : 'generic',
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      // Drained so the connection can be reused, but kept out of the error: a provider may echo the message (a code).
      await response.arrayBuffer();
      if (!response.ok) throw new TermiiError(`Termii answered ${response.status} ${response.statusText}`.trim());
    },
  };
}
