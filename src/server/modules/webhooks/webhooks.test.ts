import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray } from 'drizzle-orm';
import { createTestApp, startAnotherInstance, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, completeAsOperator, payWithWallet } from '../../test/delivery-test-helpers.js';
import { startWebhookReceiver, verifiesWith } from '../../test/webhook-receiver.js';
import { outboxMessages, webhookAttempts, webhookEndpoints, webhookEvents, webhookSends } from '../../db/schema/index.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_RETENTION_DAYS } from '../../../shared/schemas/webhooks.js';
import { DEVELOPMENT_SECRETS_KEY } from './webhooks-module.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { WebhooksService } from './webhooks-service.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
const inject = (app: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  app.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function merchant() {
  const m = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, m.user.id, 10_000_000);
  return m;
}

async function addEndpoint(headers: Headers, url: string, events: readonly string[] = WEBHOOK_EVENT_TYPES, mode = 'live') {
  const res = await inject(t, 'POST', '/api/webhook-endpoints', headers, { url, events, mode });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string; url: string; enabled: boolean };
}

async function attemptsOf(headers: Headers, endpointId: string) {
  const res = await inject(t, 'GET', `/api/webhook-endpoints/${endpointId}/attempts?limit=100`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { eventId: string; statusCode: number | null; error: string | null; nextRetryAt: string | null; durationMs: number }[];
}

/** Polls until `read` gives what `done` accepts (the background worker records an attempt after its answer). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the endpoint's log holds `count` attempts: an answer arrives before its attempt is recorded. */
const logged = (headers: Headers, endpointId: string, count: number) => until(() => attemptsOf(headers, endpointId), (items) => items.length >= count);

/** Runs the worker's steps now, as its timer would at `at` (the clock moved forward instead of waiting). */
async function runWorkerAt(at: number) {
  await t.jobs.webhooks.relayOnce(new Date(at));
  return t.jobs.webhooks.deliverDue(() => new Date(at));
}

describe('webhook endpoints', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => receiver.close());

  it('are created with a whsec_ secret shown once, listed and read without it, updated and deleted', async () => {
    const m = await merchant();
    const created = await addEndpoint(m.headers, receiver.url, ['delivery.paid', 'delivery.paid', 'delivery.delivered']);
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(created).toMatchObject({ url: receiver.url, enabled: true, events: ['delivery.paid', 'delivery.delivered'] });
    const list = (await inject(t, 'GET', '/api/webhook-endpoints', m.headers)).json().data.items;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.secret);
    const [stored] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(stored!.secretCiphertext).not.toContain(created.secret.slice(6));
    const one = await inject(t, 'GET', `/api/webhook-endpoints/${created.id}`, m.headers);
    expect(one.json().data).not.toHaveProperty('secret');
    const updated = await inject(t, 'PATCH', `/api/webhook-endpoints/${created.id}`, m.headers, { events: ['delivery.cancelled'], enabled: false });
    expect(updated.json().data).toMatchObject({ events: ['delivery.cancelled'], enabled: false });
    expect((await inject(t, 'DELETE', `/api/webhook-endpoints/${created.id}`, m.headers)).statusCode).toBe(200);
    expect((await inject(t, 'GET', `/api/webhook-endpoints/${created.id}`, m.headers)).statusCode).toBe(404);
  });

  it('refuse bad input with a code, never a 500', async () => {
    const m = await merchant();
    const cases: [object, number, string][] = [
      [{ url: 'not a url', events: ['delivery.paid'], mode: 'live' }, 400, 'VALIDATION_FAILED'],
      [{ url: 'ftp://example.com/x', events: ['delivery.paid'], mode: 'live' }, 400, 'VALIDATION_FAILED'],
      [{ url: 'https://user:pw@example.com/x', events: ['delivery.paid'], mode: 'live' }, 400, 'VALIDATION_FAILED'],
      [{ url: receiver.url, events: [], mode: 'live' }, 400, 'VALIDATION_FAILED'],
      [{ url: receiver.url, events: ['delivery.teleported'], mode: 'live' }, 400, 'VALIDATION_FAILED'],
      [{ url: receiver.url, events: ['delivery.paid'], mode: 'sandbox' }, 400, 'VALIDATION_FAILED'],
      [{ url: receiver.url, events: ['delivery.paid'], mode: 'live', secret: 'mine' }, 400, 'VALIDATION_FAILED'],
      [{ url: `https://example.com/${'x'.repeat(2100)}`, events: ['delivery.paid'], mode: 'live' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await inject(t, 'POST', '/api/webhook-endpoints', m.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const bad = await inject(t, 'GET', `/api/webhook-endpoints/not-a-uuid`, m.headers);
    expect(bad.statusCode).toBe(400);
  });

  it("are another user's business only: every route answers 404", async () => {
    const owner = await merchant();
    const stranger = await merchant();
    const endpoint = await addEndpoint(owner.headers, receiver.url);
    const eventId = (await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, owner.headers)).json().data.eventId as string;
    // Delivered before the receiver closes: a failed send left pending would be due in the retry tests' moved clock.
    await logged(owner.headers, endpoint.id, 1);
    const base = `/api/webhook-endpoints/${endpoint.id}`;
    const calls: [Parameters<typeof inject>[1], string, object?][] = [
      ['GET', base],
      ['PATCH', base, { enabled: false }],
      ['DELETE', base],
      ['POST', `${base}/rotate-secret`],
      ['GET', `${base}/attempts`],
      ['POST', `${base}/events/${eventId}/resend`],
      ['POST', `${base}/test`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await inject(t, method, url, stranger.headers, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('WEBHOOK_ENDPOINT_NOT_FOUND');
    }
    expect((await inject(t, 'GET', base, owner.headers)).json().data.enabled).toBe(true);
    expect((await inject(t, 'GET', '/api/webhook-endpoints', stranger.headers)).json().data.items).toEqual([]);
  });
});

describe('events', () => {
  it('arrive for each status change, signed (a reference HMAC verifies them), with increasing sequence and the delivery as data', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url);
      const booked = await book(t, m.headers);
      expect((await payWithWallet(t, m.headers, booked.id)).statusCode).toBe(200);
      await assignNewDriver(t, operator.headers, booked.id);
      for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
        const res = await inject(t, 'POST', `/api/dispatch/deliveries/${booked.id}/status`, operator.headers, { status });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await completeAsOperator(t, operator.headers, booked.id)).statusCode).toBe(200);
      const received = await receiver.waitFor(7);
      const bySequence = [...received].sort((a, b) => a.json.sequence! - b.json.sequence!);
      expect(bySequence.map((r) => [r.json.sequence, r.json.type])).toEqual([
        [1, 'delivery.created'],
        [2, 'delivery.paid'],
        [3, 'delivery.assigned'],
        [4, 'delivery.picked_up'],
        [5, 'delivery.in_transit'],
        [6, 'delivery.out_for_delivery'],
        [7, 'delivery.delivered'],
      ]);
      for (const r of received) {
        expect(r.headers['lanefreight-event-id']).toBe(r.json.id);
        const signature = String(r.headers['lanefreight-signature']);
        const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
        expect(Math.abs(Number(t0) - Date.now() / 1000)).toBeLessThan(60);
        expect(v1).toBe(createHmac('sha256', endpoint.secret).update(`${t0}.${r.body}`).digest('hex'));
        expect(r.json).toMatchObject({ livemode: true, data: { id: booked.id, livemode: true } });
        expect(Object.keys(r.json).sort()).toEqual(['createdAt', 'data', 'id', 'livemode', 'sequence', 'type']);
      }
      expect(bySequence.at(-1)!.json.data).toMatchObject({ object: 'delivery', status: 'delivered', price: { total: expect.any(Number) } });
      expect(new Set(received.map((r) => r.json.id)).size).toBe(7);
      // A cancellation, and only what the endpoint subscribed to.
      await inject(t, 'PATCH', `/api/webhook-endpoints/${endpoint.id}`, m.headers, { events: ['delivery.cancelled'] });
      const second = await book(t, m.headers);
      expect((await inject(t, 'POST', `/api/deliveries/${second.id}/cancel`, m.headers)).statusCode).toBe(200);
      const [cancelled] = (await receiver.waitFor(8)).slice(7);
      expect(cancelled!.json).toMatchObject({ type: 'delivery.cancelled', data: { id: second.id, status: 'cancelled' } });
      expect(cancelled!.json.sequence).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('arrive for a failed attempt and a return, in order', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const m = await createSignedInUser(t.deps, { phone });
      await fundWallet(t.deps.db, m.user.id, 10_000_000);
      await addEndpoint(m.headers, receiver.url, ['delivery.out_for_delivery', 'delivery.failed_attempt', 'delivery.returning', 'delivery.returned']);
      const booked = await book(t, m.headers);
      expect((await payWithWallet(t, m.headers, booked.id)).statusCode).toBe(200);
      const driver = await assignNewDriver(t, operator.headers, booked.id);
      for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
        expect((await inject(t, 'POST', `/api/driver/jobs/${booked.id}/status`, driver.headers, { status })).statusCode).toBe(200);
      }
      expect((await inject(t, 'POST', `/api/driver/jobs/${booked.id}/failed-attempt`, driver.headers, { reason: 'receiver_unavailable' })).statusCode).toBe(200);
      expect((await inject(t, 'POST', `/api/deliveries/${booked.id}/after-failure`, m.headers, { decision: 'return' })).statusCode).toBe(200);
      const [message] = (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)).orderBy(desc(outboxMessages.createdAt))).filter((row) => row.holdsSecret);
      const code = /(?<![\w-])(\d{4})(?![\w-])/.exec(message?.body ?? '')?.[1];
      const handed = await inject(t, 'POST', `/api/driver/jobs/${booked.id}/deliver`, driver.headers, { code: code! });
      expect(handed.statusCode, handed.body).toBe(200);
      const received = await receiver.waitFor(4);
      expect([...received].sort((a, b) => a.json.sequence! - b.json.sequence!).map((r) => [r.json.sequence, r.json.type])).toEqual([
        [1, 'delivery.out_for_delivery'],
        [2, 'delivery.failed_attempt'],
        [3, 'delivery.returning'],
        [4, 'delivery.returned'],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('go only to endpoints of the delivery’s mode: a test endpoint hears nothing of a live delivery', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const m = await merchant();
      await addEndpoint(m.headers, receiver.url, WEBHOOK_EVENT_TYPES, 'test');
      const live = await addEndpoint(m.headers, `${receiver.url}?live`, ['delivery.created'], 'live');
      await book(t, m.headers);
      const [only] = await receiver.waitFor(1);
      await runWorkerAt(Date.now());
      expect(receiver.received).toHaveLength(1);
      expect(only!.headers['lanefreight-event-id']).toBeDefined();
      const log = await until(() => attemptsOf(m.headers, live.id), (items) => items.length > 0);
      expect(log.map((a) => a.statusCode)).toEqual([200]);
    } finally {
      await receiver.close();
    }
  });
});

describe('order', () => {
  /** Each delivery's sequences in the order its requests reached the receiver. */
  const arrivalsByDelivery = (received: Receiver['received']) => {
    const byDelivery = new Map<unknown, number[]>();
    for (const r of received) byDelivery.set(r.json.data.id, [...(byDelivery.get(r.json.data.id) ?? []), r.json.sequence!]);
    return [...byDelivery.values()];
  };
  const ascending = (sequences: number[]) => sequences.every((n, i) => i === 0 || n >= sequences[i - 1]!);

  it("a delivery's events reach an endpoint in sequence order, even when they are due together", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const m = await merchant();
      await addEndpoint(m.headers, receiver.url, ['delivery.created', 'delivery.paid', 'delivery.cancelled']);
      for (let i = 0; i < 8; i += 1) {
        const booked = await book(t, m.headers);
        expect((await payWithWallet(t, m.headers, booked.id)).statusCode).toBe(200);
        expect((await inject(t, 'POST', `/api/deliveries/${booked.id}/cancel`, m.headers)).statusCode).toBe(200);
      }
      const received = await receiver.waitFor(24);
      for (const sequences of arrivalsByDelivery(received)) expect(sequences).toEqual([1, 2, 3]);
    } finally {
      await receiver.close();
    }
  });

  it('a later event waits while an earlier one to the same endpoint is waiting for its retry', async () => {
    const receiver = await startWebhookReceiver([500]);
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url, ['delivery.created', 'delivery.paid']);
      const started = Date.now();
      const booked = await book(t, m.headers);
      expect((await payWithWallet(t, m.headers, booked.id)).statusCode).toBe(200);
      await receiver.waitFor(1);
      await logged(m.headers, endpoint.id, 1);
      await runWorkerAt(Date.now());
      expect(receiver.received.map((r) => r.json.sequence)).toEqual([1]);
      await runWorkerAt(started + MINUTE + 5_000);
      const received = await receiver.waitFor(3);
      expect(received.map((r) => [r.json.sequence, r.json.type])).toEqual([
        [1, 'delivery.created'],
        [1, 'delivery.created'],
        [2, 'delivery.paid'],
      ]);
      expect(arrivalsByDelivery(received).every(ascending)).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});

describe('retries', () => {
  it('follow 1 min, 5 min… against a receiver that fails twice then succeeds, with the same event id each time', async () => {
    const receiver = await startWebhookReceiver([500, 503]);
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url, ['delivery.created']);
      const started = Date.now();
      await book(t, m.headers);
      await receiver.waitFor(1);
      await logged(m.headers, endpoint.id, 1);
      // Not due again before its minute is up.
      expect(await runWorkerAt(started + 50_000)).toBe(0);
      expect(await runWorkerAt(started + MINUTE + 5_000)).toBe(1);
      expect(receiver.received).toHaveLength(2);
      expect(await runWorkerAt(started + MINUTE + 5_000 + 4 * MINUTE)).toBe(0);
      expect(await runWorkerAt(started + MINUTE + 5_000 + 5 * MINUTE + 1_000)).toBe(1);
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((r) => r.headers['lanefreight-event-id'])).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.json.id)).size).toBe(1);
      expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
      for (const r of receiver.received) expect(verifiesWith(r.headers['lanefreight-signature'], endpoint.secret, r.body)).toBe(true);
      const log = (await attemptsOf(m.headers, endpoint.id)).reverse();
      expect(log.map((a) => a.statusCode)).toEqual([500, 503, 200]);
      expect(log.map((a) => a.error)).toEqual(['HTTP 500', 'HTTP 503', null]);
      const firstRetry = new Date(log[0]!.nextRetryAt!).getTime();
      expect(firstRetry - started).toBeGreaterThanOrEqual(MINUTE);
      expect(firstRetry - started).toBeLessThan(MINUTE + 10_000);
      expect(new Date(log[1]!.nextRetryAt!).getTime()).toBe(started + MINUTE + 5_000 + 5 * MINUTE);
      expect(log[2]!.nextRetryAt).toBeNull();
      // Succeeded: nothing more is due, however late.
      expect(await runWorkerAt(started + 30 * DAY)).toBe(0);
    } finally {
      await receiver.close();
    }
  });

  it('stop after 12 hours’ retry; after 3 days of failures the endpoint is disabled and its owner told, in-app and by email', async () => {
    const receiver = await startWebhookReceiver(Array<number>(20).fill(500));
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url, ['delivery.created', 'delivery.cancelled']);
      const started = Date.now();
      const booked = await book(t, m.headers);
      await receiver.waitFor(1);
      await logged(m.headers, endpoint.id, 1);
      let at = started;
      for (const delay of [1, 5, 30, 120, 360, 720]) {
        at += delay * MINUTE + 1_000;
        expect(await runWorkerAt(at), `retry after ${delay} min`).toBe(1);
      }
      expect(receiver.received).toHaveLength(7);
      expect((await attemptsOf(m.headers, endpoint.id))[0]!.nextRetryAt).toBeNull();
      expect(await runWorkerAt(at + DAY)).toBe(0);
      expect((await inject(t, 'GET', `/api/webhook-endpoints/${endpoint.id}`, m.headers)).json().data.enabled).toBe(true);
      // Days later another event fails: the endpoint has failed for 3 days now.
      expect((await inject(t, 'POST', `/api/deliveries/${booked.id}/cancel`, m.headers)).statusCode).toBe(200);
      await receiver.waitFor(8);
      await logged(m.headers, endpoint.id, 8);
      expect(await runWorkerAt(started + 3 * DAY + MINUTE + 1_000)).toBe(1);
      const after = (await inject(t, 'GET', `/api/webhook-endpoints/${endpoint.id}`, m.headers)).json().data;
      expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
      const notifications = (await inject(t, 'GET', '/api/notifications', m.headers)).json().data.items;
      expect(notifications[0]).toMatchObject({ type: 'developer', messageKey: 'webhookEndpointDisabled', params: { url: receiver.url } });
      const [email] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, m.user.email!)).orderBy(desc(outboxMessages.createdAt));
      expect(email?.subject).toMatch(/webhook/i);
      expect(email?.body).toContain(receiver.url);
      // Switched off: nothing more is sent, and it may not be re-sent until switched on.
      expect(await runWorkerAt(started + 10 * DAY)).toBe(0);
      const eventId = receiver.received[0]!.json.id;
      expect((await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/events/${eventId}/resend`, m.headers)).json().code).toBe('WEBHOOK_ENDPOINT_DISABLED');
      await inject(t, 'PATCH', `/api/webhook-endpoints/${endpoint.id}`, m.headers, { enabled: true });
      receiver.answers.length = 0;
      const resent = await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/events/${eventId}/resend`, m.headers);
      expect(resent.statusCode, resent.body).toBe(202);
      const again = (await receiver.waitFor(10)).at(-1);
      expect(again!.json.id).toBe(eventId);
    } finally {
      await receiver.close();
    }
  });
});

describe('secret rotation', () => {
  it('signs with the new and the old secret for 24 hours, then with the new one only', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url);
      const rotatedAt = Date.now();
      const rotated = await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/rotate-secret`, m.headers);
      expect(rotated.statusCode, rotated.body).toBe(200);
      const fresh = rotated.json().data.secret as string;
      expect(fresh).not.toBe(endpoint.secret);
      expect((await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, m.headers)).statusCode).toBe(202);
      const [during] = await receiver.waitFor(1);
      expect(during!.json).toMatchObject({ type: 'webhook_endpoint.test', livemode: true, sequence: null });
      const signature = String(during!.headers['lanefreight-signature']);
      expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
      const [, newer, older] = signature.split(',');
      const t0 = signature.split(',')[0]!.slice(2);
      expect(newer).toBe(`v1=${createHmac('sha256', fresh).update(`${t0}.${during!.body}`).digest('hex')}`);
      expect(older).toBe(`v1=${createHmac('sha256', endpoint.secret).update(`${t0}.${during!.body}`).digest('hex')}`);
      // A day later: the first attempt fails now, its retry is sent after the 24 hours.
      receiver.answers.push(500);
      await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, m.headers);
      await receiver.waitFor(2);
      await logged(m.headers, endpoint.id, 2);
      expect(await runWorkerAt(rotatedAt + DAY + MINUTE)).toBe(1);
      const last = receiver.received.at(-1)!;
      expect(String(last.headers['lanefreight-signature'])).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verifiesWith(last.headers['lanefreight-signature'], fresh, last.body)).toBe(true);
      expect(verifiesWith(last.headers['lanefreight-signature'], endpoint.secret, last.body)).toBe(false);
    } finally {
      await receiver.close();
    }
  });
});

describe('several instances', () => {
  it('never send one attempt twice at the same moment', async () => {
    const receiver = await startWebhookReceiver();
    const second = await startAnotherInstance(t);
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url);
      receiver.answers.push(...Array<number>(20).fill(500));
      for (let i = 0; i < 20; i += 1) await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, m.headers);
      await receiver.waitFor(20);
      await logged(m.headers, endpoint.id, 20);
      const retryAt = Date.now() + MINUTE + 1_000;
      await Promise.all([
        t.jobs.webhooks.deliverDue(() => new Date(retryAt)),
        second.jobs.webhooks.deliverDue(() => new Date(retryAt)),
        t.jobs.webhooks.deliverDue(() => new Date(retryAt)),
        second.jobs.webhooks.deliverDue(() => new Date(retryAt)),
      ]);
      const firsts = receiver.received.slice(0, 20).map((r) => r.json.id);
      const retries = receiver.received.slice(20).map((r) => r.json.id);
      expect(new Set(firsts).size).toBe(20);
      expect(receiver.received).toHaveLength(40);
      expect(new Set(retries).size).toBe(20);
    } finally {
      await second.app.close();
      await receiver.close();
    }
  });
});

describe('no reaching inside the network', () => {
  it('refuses private, link-local, CGNAT, multicast, unspecified and IPv4-mapped addresses at creation (422), loopback allowed in development', async () => {
    const m = await merchant();
    for (const url of [
      'http://10.1.2.3/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/hook',
      'http://224.0.0.1/hook',
      'http://0.0.0.0/hook',
      'http://[fe80::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://[::ffff:169.254.169.254]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
    ]) {
      const res = await inject(t, 'POST', '/api/webhook-endpoints', m.headers, { url, events: ['delivery.paid'], mode: 'live' });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().code, url).toBe('WEBHOOK_URL_FORBIDDEN');
    }
    const local = await inject(t, 'POST', '/api/webhook-endpoints', m.headers, { url: 'http://127.0.0.1:9/hook', events: ['delivery.paid'], mode: 'test' });
    expect(local.statusCode).toBe(201);
  });

  describe('in production mode (WEBHOOK_LOCAL_TARGETS=refuse)', () => {
    let production: TestApp;
    beforeAll(async () => {
      production = await createTestApp({ WEBHOOK_LOCAL_TARGETS: 'refuse' });
    });
    afterAll(async () => production.close());

    it('requires https, and refuses loopback, a hostname resolving to 127.0.0.1 and IPv4-mapped loopback', async () => {
      const m = await createSignedInUser(production.deps);
      const cases: [string, string][] = [
        ['http://93.184.216.34/hook', 'WEBHOOK_URL_NOT_HTTPS'],
        ['https://127.0.0.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://127.8.9.10/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://2130706433/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://0x7f.0.0.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://localhost/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://[::1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://[::ffff:127.0.0.1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://[::ffff:7f00:1]/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://10.0.0.1/hook', 'WEBHOOK_URL_FORBIDDEN'],
        ['https://no-such-host.invalid/hook', 'WEBHOOK_URL_UNRESOLVABLE'],
      ];
      for (const [url, code] of cases) {
        const res = await inject(production, 'POST', '/api/webhook-endpoints', m.headers, { url, events: ['delivery.paid'], mode: 'live' });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().code, url).toBe(code);
      }
    });

    it('checks again at every send: an endpoint whose address became local is not called, and the attempt says why', async () => {
      const receiver = await startWebhookReceiver();
      try {
        const m = await createSignedInUser(production.deps);
        const box = createSecretBox(DEVELOPMENT_SECRETS_KEY);
        // As if the name had resolved to a public address when it was added, and to this machine now (DNS changed).
        const [endpoint] = await production.deps.db
          .insert(webhookEndpoints)
          .values({ userId: m.user.id, url: `https://localhost:${receiver.port}/hook`, events: ['delivery.paid'], mode: 'live', secretCiphertext: box.seal('whsec_x') })
          .returning();
        expect((await inject(production, 'POST', `/api/webhook-endpoints/${endpoint!.id}/test`, m.headers)).statusCode).toBe(202);
        await production.jobs.webhooks.deliverDue();
        const read = async () => (await inject(production, 'GET', `/api/webhook-endpoints/${endpoint!.id}/attempts`, m.headers)).json().data.items as { nextRetryAt: string | null }[];
        const [attempt] = await until(read, (items) => items.length > 0);
        expect(attempt).toMatchObject({ statusCode: null, error: 'refused: WEBHOOK_URL_FORBIDDEN' });
        expect(attempt?.nextRetryAt).not.toBeNull();
        expect(receiver.received).toHaveLength(0);
      } finally {
        await receiver.close();
      }
    });
  });
});

describe('retention', () => {
  it(`deletes settled events older than ${WEBHOOK_RETENTION_DAYS} days with their sends and attempts, in batches; recent and still-owed ones stay, and a delivery's sequence goes on`, async () => {
    const receiver = await startWebhookReceiver();
    // The composition root shows tests the worker's two steps only; the object is the whole service.
    const webhooks = t.jobs.webhooks as unknown as Pick<WebhooksService, 'sweepRetention'>;
    try {
      const m = await merchant();
      const endpoint = await addEndpoint(m.headers, receiver.url, ['delivery.created', 'delivery.paid', 'delivery.cancelled']);
      const booked = await book(t, m.headers);
      expect((await payWithWallet(t, m.headers, booked.id)).statusCode).toBe(200);
      const testEvent = async () => (await inject(t, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`, m.headers)).json().data.eventId as string;
      const [delivered, failed, owed, recent, justInside] = [await testEvent(), await testEvent(), await testEvent(), await testEvent(), await testEvent()];
      await logged(m.headers, endpoint.id, 7);
      const [created, paid] = (await receiver.waitFor(7)).filter((r) => r.json.sequence !== null).sort((a, b) => a.json.sequence! - b.json.sequence!).map((r) => r.json.id);

      // Given up after its retries, and one still being retried; then the clock of their rows moved back.
      await t.deps.db.update(webhookSends).set({ status: 'failed' }).where(eq(webhookSends.eventId, failed));
      await t.deps.db.update(webhookSends).set({ status: 'pending', nextAttemptAt: new Date(Date.now() + 365 * DAY) }).where(eq(webhookSends.eventId, owed));
      const age = async (eventIds: string[], days: number) => {
        const at = new Date(Date.now() - days * DAY);
        await t.deps.db.update(webhookEvents).set({ createdAt: at }).where(inArray(webhookEvents.id, eventIds));
        await t.deps.db.update(webhookAttempts).set({ attemptedAt: at }).where(inArray(webhookAttempts.eventId, eventIds));
      };
      const old = [created!, paid!, delivered, failed];
      await age([...old, owed], WEBHOOK_RETENTION_DAYS + 1);
      await age([justInside], WEBHOOK_RETENTION_DAYS - 1);

      // Two batches of three at a time, two sweeps at once: each event goes once, whichever sweep takes it.
      const swept = await Promise.all([webhooks.sweepRetention(new Date(), { batch: 3 }), webhooks.sweepRetention(new Date(), { batch: 3 })]);
      expect(swept[0] + swept[1]).toBe(old.length);
      const left = (await t.deps.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.userId, m.user.id))).map((row) => row.id);
      expect(left.sort()).toEqual([owed, recent, justInside].sort());
      expect(await t.deps.db.select().from(webhookSends).where(inArray(webhookSends.eventId, old))).toEqual([]);
      expect(await t.deps.db.select().from(webhookAttempts).where(inArray(webhookAttempts.eventId, old))).toEqual([]);
      expect((await attemptsOf(m.headers, endpoint.id)).map((a) => a.eventId).sort()).toEqual([owed, recent, justInside].sort());
      expect(await webhooks.sweepRetention()).toBe(0);

      // The delivery's next event is numbered after the ones deleted, not from 1 again.
      expect((await inject(t, 'POST', `/api/deliveries/${booked.id}/cancel`, m.headers)).statusCode).toBe(200);
      const cancelled = (await receiver.waitFor(8)).find((r) => r.json.type === 'delivery.cancelled');
      expect(cancelled!.json.sequence).toBe(3);
    } finally {
      // Settled, so the other tests' moved clocks never find it due.
      await t.deps.db.update(webhookSends).set({ status: 'failed' }).where(eq(webhookSends.status, 'pending'));
      await receiver.close();
    }
  });
});
