import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageTransport, MessageTransports, OutgoingMessage } from '../../adapters/messages/index.js';
import { createDevOutboxTransport } from '../../adapters/messages/dev-outbox-transport.js';
import { createTermiiTransport } from '../../adapters/messages/termii-transport.js';
import type { Database } from '../../db/client.js';
import { outboxMessages } from '../../db/schema/index.js';
import { openTestDatabase } from '../../test/test-app.js';
import { createOutboxRepository } from './outbox-repository.js';
import { backoffMs, createOutboxWorker } from './outbox-worker.js';
import { renderCodeMessage, renderNotice } from './message-templates.js';

/** A transport that fails its first `failures` sends. */
function flakyTransport(failures: number) {
  const sent: OutgoingMessage[] = [];
  let calls = 0;
  const transport: MessageTransport = {
    name: 'termii',
    async send(message) {
      calls += 1;
      if (calls <= failures) throw new Error(`provider down (${calls})`);
      sent.push(message);
    },
  };
  return { transport, sent, calls: () => calls };
}

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('outbox worker', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await drop();
  });

  async function insert(recipient: string) {
    const repository = createOutboxRepository(database.db);
    await repository.insertMessage({ channel: 'sms', recipient, subject: 'Code', body: 'Your code is 123456' });
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
    return row!;
  }

  function workerWith(transport: MessageTransport, clock: { now: Date }, maxAttempts = 4) {
    const transports: MessageTransports = { email: transport, sms: transport, whatsapp: transport };
    return createOutboxWorker({
      repository: createOutboxRepository(database.db),
      transports,
      log: silentLog,
      maxAttempts,
      baseBackoffMs: 1_000,
      maxBackoffMs: 60_000,
      now: () => clock.now,
    });
  }

  const rowOf = async (id: string) => (await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!;

  it('retries a failed delivery with growing backoff, then marks it sent', async () => {
    const row = await insert('+2348030000001');
    const flaky = flakyTransport(2);
    const clock = { now: new Date() };
    const worker = workerWith(flaky.transport, clock);

    expect(await worker.runOnce()).toBe(1);
    let state = await rowOf(row.id);
    expect(state).toMatchObject({ status: 'pending', attempts: 1, lastError: 'provider down (1)' });
    const firstDelay = state.nextAttemptAt.getTime() - clock.now.getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(500);
    expect(firstDelay).toBeLessThanOrEqual(1_000);

    // Not due yet: nothing is claimed.
    expect(await worker.runOnce()).toBe(0);

    clock.now = new Date(state.nextAttemptAt.getTime() + 1);
    await worker.runOnce();
    state = await rowOf(row.id);
    expect(state).toMatchObject({ status: 'pending', attempts: 2, lastError: 'provider down (2)' });
    const secondDelay = state.nextAttemptAt.getTime() - clock.now.getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(1_000);
    expect(secondDelay).toBeLessThanOrEqual(2_000);

    clock.now = new Date(state.nextAttemptAt.getTime() + 1);
    await worker.runOnce();
    state = await rowOf(row.id);
    expect(state).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(state.sentAt).not.toBeNull();
    expect(flaky.sent).toEqual([{ channel: 'sms', to: '+2348030000001', subject: 'Code', body: 'Your code is 123456' }]);
  });

  it('gives up after the maximum attempts and marks the message failed', async () => {
    const row = await insert('+2348030000002');
    const flaky = flakyTransport(100);
    const clock = { now: new Date() };
    const worker = workerWith(flaky.transport, clock, 3);
    for (let i = 0; i < 5; i++) {
      await worker.runOnce();
      clock.now = new Date(clock.now.getTime() + 10 * 60_000);
    }
    expect(flaky.calls()).toBe(3);
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'provider down (3)' });
  });

  it('delivers after a nudge once started, and stops cleanly', async () => {
    const row = await insert('+2348030000003');
    const ok = flakyTransport(0);
    const worker = createOutboxWorker({
      repository: createOutboxRepository(database.db),
      transports: { email: ok.transport, sms: ok.transport, whatsapp: ok.transport },
      log: silentLog,
      pollIntervalMs: 60_000,
    });
    worker.start();
    worker.nudge();
    await expect.poll(async () => (await rowOf(row.id)).status, { timeout: 5_000 }).toBe('sent');
    await worker.stop();
  });

  it('computes exponential backoff with a cap', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, 2_000, 60_000, mid)).toBe(1_500);
    expect(backoffMs(2, 2_000, 60_000, mid)).toBe(3_000);
    expect(backoffMs(3, 2_000, 60_000, mid)).toBe(6_000);
    expect(backoffMs(20, 2_000, 60_000, () => 1)).toBe(60_000);
  });

  describe('messages that hold a code', () => {
    let termiiServer: Server;
    let termiiUrl: string;
    const smsReceived: string[] = [];
    beforeAll(async () => {
      // Termii's documented send endpoint, as its adapter test speaks it.
      termiiServer = createServer((req, res) => {
        let data = '';
        req.on('data', (chunk) => (data += chunk));
        req.on('end', () => {
          smsReceived.push((JSON.parse(data) as { sms: string }).sms);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: 'ok', message_id: '1', message: 'Successfully Sent' }));
        });
      });
      await new Promise<void>((resolve) => termiiServer.listen(0, '127.0.0.1', resolve));
      termiiUrl = `http://127.0.0.1:${(termiiServer.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => termiiServer.close(resolve));
    });

    async function insertRendered(recipient: string, message: { subject: string; body: string; holdsSecret: boolean }) {
      await createOutboxRepository(database.db).insertMessage({ channel: 'sms', recipient, ...message });
      const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
      return row!;
    }

    const deliverWith = (transport: MessageTransport) =>
      createOutboxWorker({
        repository: createOutboxRepository(database.db),
        transports: { email: transport, sms: transport, whatsapp: transport },
        log: silentLog,
        // A round a moment after the insert: the database stamps microseconds and Date only milliseconds, so a
        // message written in the same millisecond as the round would not be due yet.
        now: () => new Date(Date.now() + 1000),
      }).runOnce();

    it('blanks the body once a real provider has it, and keeps notices', async () => {
      const code = renderCodeMessage('reset', 'en-US', '482913');
      const secret = await insertRendered('+2348030000011', code);
      const notice = await insertRendered('+2348030000012', renderNotice('account-locked', 'en-US'));
      expect(secret.holdsSecret).toBe(true);
      expect(notice.holdsSecret).toBe(false);

      await deliverWith(createTermiiTransport({ baseUrl: termiiUrl, apiKey: 'TL-test', senderId: 'Lanefreight' }));

      expect(smsReceived).toContain(code.body);
      expect(code.body).toContain('482913');
      const sent = await rowOf(secret.id);
      expect(sent).toMatchObject({ status: 'sent', body: '', subject: code.subject });
      expect(JSON.stringify(sent)).not.toContain('482913');
      expect(await rowOf(notice.id)).toMatchObject({ status: 'sent', body: renderNotice('account-locked', 'en-US').body });
    });

    it('keeps the code while the provider has not taken it', async () => {
      const row = await insertRendered('+2348030000013', renderCodeMessage('verify', 'en-US', '111222'));
      await deliverWith(createTermiiTransport({ baseUrl: 'http://127.0.0.1:1', apiKey: 'TL-test', senderId: 'Lanefreight', timeoutMs: 2_000 }));
      expect(await rowOf(row.id)).toMatchObject({ status: 'pending', body: expect.stringContaining('111222') });
    });

    it('keeps the code in the dev outbox, which is the mailbox people read', async () => {
      const row = await insertRendered('+2348030000014', renderCodeMessage('verify', 'en-US', '333444'));
      await deliverWith(createDevOutboxTransport());
      expect(await rowOf(row.id)).toMatchObject({ status: 'sent', body: expect.stringContaining('333444') });
    });
  });
});
