import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { openEventStream, type EventStream } from '../../test/event-stream-client.js';
import { sql } from 'drizzle-orm';
import { createLiveEventsRepository } from './live-events-repository.js';
import { KEEP_MS } from './live-service.js';
import { LIVE_EVENT_SCHEMAS, type LiveEventName } from '../../../shared/schemas/live-events.js';

/** The live stream over real HTTP: inject does not stream. */
let t: TestApp;
let baseUrl: string;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ LIVE_HEARTBEAT_MS: '100', LIVE_MAX_CONNECTIONS_PER_USER: '3' });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(options: Parameters<typeof openEventStream>[1]) {
  const stream = await openEventStream(baseUrl, options);
  streams.push(stream);
  return stream;
}

async function fundedUser(kobo = 10_000_000) {
  const u = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, u.user.id, kobo);
  return u;
}

/** A booking paid from the wallet: wallet.balance, delivery.status, notification and notifications.unread. */
async function bookAndPay(headers: Record<string, string>) {
  const delivery = await book(t, headers);
  const paid = await payWithWallet(t, headers, delivery.id);
  expect(paid.statusCode).toBe(200);
  return delivery;
}

function expectValid(stream: EventStream) {
  for (const e of stream.events) LIVE_EVENT_SCHEMAS[e.event as LiveEventName].parse(e.data);
}

describe('GET /api/events', () => {
  it('answers 401 when signed out', async () => {
    const res = await fetch(`${baseUrl}/api/events`);
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('UNAUTHENTICATED');
  });

  it('streams uncompressed text/event-stream with a retry hint and a heartbeat', async () => {
    const u = await createSignedInUser(t.deps);
    const stream = await open({ token: u.token, headers: { 'accept-encoding': 'gzip, br' } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    await expect.poll(() => stream.comments.filter((c) => c === 'ping').length, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    expect(stream.retry).toBeGreaterThan(0);
  });

  it('pushes every event to all of the user\'s streams, and none to another user', async () => {
    const u = await fundedUser();
    const other = await fundedUser();
    const tabOne = await open({ token: u.token });
    const tabTwo = await open({ token: u.token });
    const otherTab = await open({ token: other.token });

    const delivery = await bookAndPay(u.headers);

    for (const tab of [tabOne, tabTwo]) {
      await tab.waitFor(1, 'notification');
      await tab.waitFor(1, 'notifications.unread');
      await tab.waitFor(1, 'wallet.balance');
      await tab.waitFor(1, 'delivery.status');
      expectValid(tab);
      const byName = Object.fromEntries(tab.events.map((e) => [e.event, e.data]));
      expect(byName['wallet.balance']).toEqual({ balance: 10_000_000 - delivery.price.total });
      expect(byName['delivery.status']).toEqual({
        id: delivery.id,
        trackingId: expect.any(String),
        status: 'pending',
        displayStatus: 'pending',
      });
      expect(byName.notification).toMatchObject({ type: 'delivery', messageKey: 'deliveryPaid', read: false });
      expect(byName['notifications.unread']).toEqual({ count: 1 });
      // Ids count up by one, in the order sent.
      const ids = tab.events.map((e) => Number(e.id));
      expect(ids).toEqual(ids.map((_, i) => ids[0]! + i));
    }
    expect(tabOne.events).toEqual(tabTwo.events);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(otherTab.events).toEqual([]);
  });

  it('tells a cancellation: the status, the refunded balance and the notification', async () => {
    const u = await fundedUser();
    const delivery = await bookAndPay(u.headers);
    const stream = await open({ token: u.token });
    const res = await t.app.inject({ method: 'POST', url: `/api/deliveries/${delivery.id}/cancel`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    const [status] = await stream.waitFor(1, 'delivery.status');
    expect(status!.data).toMatchObject({ id: delivery.id, status: 'cancelled', displayStatus: 'cancelled' });
    const [balance] = await stream.waitFor(1, 'wallet.balance');
    expect(balance!.data).toEqual({ balance: 10_000_000 });
    const [notification] = await stream.waitFor(1, 'notification');
    expect(notification!.data).toMatchObject({ messageKey: 'deliveryCancelledRefunded' });
    await stream.waitFor(1, 'notifications.unread');
    expectValid(stream);
  });

  it('catches a reconnecting client up from Last-Event-ID: what it missed, once, in order, then live', async () => {
    const u = await fundedUser();
    const first = await open({ token: u.token });
    await bookAndPay(u.headers);
    const seen = await first.waitFor(4);
    first.close();
    const lastEventId = seen.at(-1)!.id!;

    // Missed while disconnected: two more payments (eight events).
    await bookAndPay(u.headers);
    await bookAndPay(u.headers);

    const again = await open({ token: u.token, lastEventId });
    const caughtUp = await again.waitFor(8);
    expect(caughtUp.map((e) => Number(e.id))).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => Number(lastEventId) + n));
    expect(caughtUp.filter((e) => e.event === 'notification')).toHaveLength(2);

    await bookAndPay(u.headers);
    const all = await again.waitFor(12);
    const ids = all.map((e) => Number(e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.at(-1)).toBe(Number(lastEventId) + 12);

    // The first EventSource connection passes the id in the query instead.
    const byQuery = await open({ token: u.token, query: `?lastEventId=${lastEventId}` });
    expect((await byQuery.waitFor(12)).map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('a fresh connection starts from now, and one with an unknown future id is told to resync', async () => {
    const u = await fundedUser();
    await bookAndPay(u.headers);
    const fresh = await open({ token: u.token });
    const future = await open({ token: u.token, lastEventId: '999999' });
    await future.waitFor(1, 'resync');
    await bookAndPay(u.headers);
    await fresh.waitFor(4);
    await expect.poll(() => future.events.filter((e) => e.id !== null).length, { timeout: 3_000 }).toBe(4);
    expect(fresh.events.map((e) => Number(e.id))).toEqual([5, 6, 7, 8]);
    expect(future.events.filter((e) => e.id !== null).map((e) => Number(e.id))).toEqual([5, 6, 7, 8]);
  });

  it('keeps a day: older missed events are announced with resync, and pruning deletes them', async () => {
    const u = await fundedUser();
    await bookAndPay(u.headers);
    await t.deps.db.execute(
      sql`update live_events set created_at = now() - interval '25 hours' where user_id = ${u.user.id} and seq <= 2`,
    );
    const stream = await open({ token: u.token, lastEventId: '0' });
    await stream.waitFor(2, undefined);
    await expect.poll(() => stream.events.length).toBe(3);
    expect(stream.events.map((e) => [e.event, e.id])).toEqual([
      ['resync', null],
      [expect.any(String), '3'],
      [expect.any(String), '4'],
    ]);

    const repository = createLiveEventsRepository(t.deps.db);
    expect(await repository.deleteOlderThan(new Date(Date.now() - KEEP_MS))).toBeGreaterThanOrEqual(2);
    expect((await repository.findAfter(u.user.id, 0, new Date(0), 100)).map((e) => e.seq)).toEqual([3, 4]);
    expect(await repository.findHead(u.user.id)).toBe(4);
  });

  it("stores several users' events in one statement, each user's numbered on from their head, in order", async () => {
    const [a, b] = [await createSignedInUser(t.deps), await createSignedInUser(t.deps)];
    const repository = createLiveEventsRepository(t.deps.db);
    await repository.append([{ userId: a.user.id, events: [{ name: 'wallet.balance', data: { balance: 1 } }] }]);
    const seqs = await repository.append([
      { userId: b.user.id, events: [{ name: 'notification', data: { n: 1 } }] },
      { userId: a.user.id, events: [{ name: 'notification', data: { n: 2 } }, { name: 'notifications.unread', data: { count: 3 } }] },
    ]);
    expect(seqs).toEqual(new Map([[a.user.id, [2, 3]], [b.user.id, [1]]]));
    expect(await repository.findAfter(a.user.id, 1, new Date(0), 10)).toEqual([
      { seq: 2, name: 'notification', data: { n: 2 } },
      { seq: 3, name: 'notifications.unread', data: { count: 3 } },
    ]);
    expect(await repository.findHead(b.user.id)).toBe(1);
  });

  it('refuses a bad Last-Event-ID and more streams than the per-user limit', async () => {
    const u = await createSignedInUser(t.deps);
    expect((await open({ token: u.token, lastEventId: 'abc' })).status).toBe(400);
    expect((await open({ token: u.token, query: '?lastEventId=-1' })).status).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await open({ token: u.token })).status).toBe(200);
    expect((await open({ token: u.token })).status).toBe(429);
  });
});

describe('notifications: read all, dismiss', () => {
  async function listOf(headers: Record<string, string>) {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers });
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: { id: string; read: boolean }[]; nextCursor: string | null };
  }
  async function unreadOf(headers: Record<string, string>) {
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers });
    return res.json().data.count as number;
  }

  it('marks all read and dismisses, publishing the unread count each time', async () => {
    const u = await fundedUser();
    await bookAndPay(u.headers);
    await bookAndPay(u.headers);
    expect(await unreadOf(u.headers)).toBe(2);
    const stream = await open({ token: u.token });

    const readAll = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: u.headers });
    expect(readAll.statusCode).toBe(200);
    expect(readAll.json().data).toEqual({ updated: 2 });
    expect(await unreadOf(u.headers)).toBe(0);
    expect((await stream.waitFor(1, 'notifications.unread'))[0]!.data).toEqual({ count: 0 });
    const again = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: u.headers });
    expect(again.json().data).toEqual({ updated: 0 });

    await bookAndPay(u.headers);
    expect((await stream.waitFor(2, 'notifications.unread'))[1]!.data).toEqual({ count: 1 });
    const newest = (await listOf(u.headers)).items[0]!;
    expect(newest.read).toBe(false);

    const dismissed = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${newest.id}`, headers: u.headers });
    expect(dismissed.statusCode).toBe(200);
    const list = await listOf(u.headers);
    expect(list.items.map((n) => n.id)).not.toContain(newest.id);
    expect(list.items).toHaveLength(2);
    expect(await unreadOf(u.headers)).toBe(0);
    expect((await stream.waitFor(3, 'notifications.unread'))[2]!.data).toEqual({ count: 0 });
  });

  it('dismissing someone else\'s notification, or an unknown one, is 404 and changes nothing', async () => {
    const owner = await fundedUser();
    const stranger = await createSignedInUser(t.deps);
    await bookAndPay(owner.headers);
    const [item] = (await listOf(owner.headers)).items;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/notifications/${item!.id}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect((await listOf(owner.headers)).items).toHaveLength(1);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/notifications/not-a-uuid', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
  });
});

describe('shutting down', () => {
  it('ends open streams so close does not hang', async () => {
    const other = await createTestApp();
    const url = await other.app.listen({ host: '127.0.0.1', port: 0 });
    const u = await createSignedInUser(other.deps);
    const stream = await openEventStream(url, { token: u.token });
    expect(stream.status).toBe(200);
    const started = Date.now();
    await other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
