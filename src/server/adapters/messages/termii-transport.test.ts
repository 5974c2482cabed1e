import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTermiiTransport } from './termii-transport.js';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}

/** Speaks Termii's documented send endpoint: POST /api/sms/send with a JSON body. */
describe('Termii transport against a local Termii-speaking server', () => {
  let server: Server;
  let baseUrl: string;
  const received: Received[] = [];
  let nextStatus = 200;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        contentType: req.headers['content-type'],
        body: JSON.parse(await readBody(req)),
      });
      res.writeHead(nextStatus, { 'content-type': 'application/json' });
      res.end(
        nextStatus === 200
          ? JSON.stringify({ code: 'ok', message_id: '9122821270554876574', message: 'Successfully Sent', balance: 9, user: 'Lanefreight' })
          : JSON.stringify({ message: 'Insufficient balance' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const transport = () => createTermiiTransport({ baseUrl, apiKey: 'TL-test-key', senderId: 'Lanefreight' });

  it('sends an SMS through the generic channel, number without the plus', async () => {
    nextStatus = 200;
    await transport().send({ channel: 'sms', to: '+2348031234567', subject: 'ignored', body: 'Your code is 123456' });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/api/sms/send',
      contentType: 'application/json',
      body: {
        api_key: 'TL-test-key',
        to: '2348031234567',
        from: 'Lanefreight',
        sms: 'Your code is 123456',
        type: 'plain',
        channel: 'generic',
      },
    });
  });

  it('sends WhatsApp through the whatsapp channel', async () => {
    nextStatus = 200;
    await transport().send({ channel: 'whatsapp', to: '+447700900123', subject: 's', body: 'Hello' });
    expect(received.at(-1)!.body).toMatchObject({ to: '447700900123', channel: 'whatsapp', sms: 'Hello' });
  });

  it('throws on a provider error so the outbox retries, without echoing the key', async () => {
    nextStatus = 400;
    const error = await transport()
      .send({ channel: 'sms', to: '+2348031234567', subject: 's', body: 'b' })
      .catch((err: unknown) => err as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error!.message).toMatch(/Termii answered 400/);
    expect(error!.message).not.toContain('TL-test-key');
  });

  it('refuses email', async () => {
    await expect(transport().send({ channel: 'email', to: 'a@b.ng', subject: 's', body: 'b' })).rejects.toThrow(/email/);
  });
});
