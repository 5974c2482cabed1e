import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  json: { id: string; type: string; createdAt: string; livemode: boolean; sequence: number | null; data: Record<string, unknown> };
  receivedAt: number;
}

/**
 * A webhook receiver on 127.0.0.1 only: records every request and answers with the next status of `answers` (then
 * 200 once they run out). Tests and the bench read what arrived.
 */
export async function startWebhookReceiver(answers: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const waiting: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) as ReceivedWebhook['json'], receivedAt: Date.now() });
      response.statusCode = answers.shift() ?? 200;
      response.end('ok');
      for (const wake of waiting.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/lanefreight`,
    port,
    received,
    answers,
    /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The signatures (`v1=`) of a Lanefreight-Signature header that match this secret, checked as a receiver would. */
export function verifiesWith(header: string | string[] | undefined, secret: string, body: string): boolean {
  const parts = String(header).split(',');
  const t = parts.find((part) => part.startsWith('t='))?.slice(2);
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some((part) => part === `v1=${expected}`);
}
