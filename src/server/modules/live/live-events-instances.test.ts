import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startAnotherInstance, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { isRedisAvailable, TEST_REDIS_URL } from '../../test/redis.js';
import { book, bookingBody, payWithWallet } from '../../test/delivery-test-helpers.js';
import { openEventStream, type EventStream } from '../../test/event-stream-client.js';

type App = Awaited<ReturnType<typeof startAnotherInstance>>;

/** Two instances on one database and one Redis, as behind a load balancer. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const redisAvailable = await isRedisAvailable();

describe.skipIf(!redisAvailable)('live events across instances (REDIS_URL)', () => {
  it('an event raised on one instance reaches streams on the other, and a reconnect there catches up', async () => {
    const one: App = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const two: App = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const streams: EventStream[] = [];
    try {
      const urlTwo = await two.app.listen({ host: '127.0.0.1', port: 0 });
      const urlOne = await one.app.listen({ host: '127.0.0.1', port: 0 });
      const u = await createSignedInUser(t.deps);
      await fundWallet(t.deps.db, u.user.id, 5_000_000);
      const onTwo = await openEventStream(urlTwo, { token: u.token });
      const alsoOnOne = await openEventStream(urlOne, { token: u.token });
      streams.push(onTwo, alsoOnOne);

      const booked = await one.app.inject({
        method: 'POST',
        url: '/api/book-delivery',
        headers: u.headers,
        payload: bookingBody(),
      });
      expect(booked.statusCode).toBe(201);
      const paid = await one.app.inject({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: u.headers,
        payload: { deliveryId: booked.json().data.id, method: 'wallet' },
      });
      expect(paid.statusCode).toBe(200);

      for (const stream of [onTwo, alsoOnOne]) {
        const events = await stream.waitFor(4);
        expect(events.map((e) => e.event).sort()).toEqual(
          ['delivery.status', 'notification', 'notifications.unread', 'wallet.balance'].sort(),
        );
        // Heard once, although the publishing instance also hears its own message back from Redis.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(stream.events.map((e) => Number(e.id))).toEqual([1, 2, 3, 4]);
      }

      // Dropped from instance two; two more events happen through instance one; it reconnects to instance two.
      onTwo.close();
      const read = await one.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: u.headers });
      expect(read.json().data).toEqual({ updated: 1 });
      const reconnected = await openEventStream(urlTwo, { token: u.token, lastEventId: '4' });
      streams.push(reconnected);
      const [unread] = await reconnected.waitFor(1);
      expect(unread).toMatchObject({ id: '5', event: 'notifications.unread', data: { count: 0 } });
    } finally {
      for (const stream of streams) stream.close();
      await two.app.close();
      await one.app.close();
    }
  });

  it('fills a gap in order when events of one user are raised on both instances', async () => {
    const one: App = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const two: App = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const three: App = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    let stream: EventStream | undefined;
    try {
      const url = await three.app.listen({ host: '127.0.0.1', port: 0 });
      const u = await createSignedInUser(t.deps);
      await fundWallet(t.deps.db, u.user.id, 50_000_000);
      stream = await openEventStream(url, { token: u.token });
      const asTest = (app: App) => ({ ...t, app: app.app }) as TestApp;
      const ids = await Promise.all([book(asTest(one), u.headers), book(asTest(two), u.headers), book(asTest(one), u.headers), book(asTest(two), u.headers)]);
      await Promise.all(ids.map((d, i) => payWithWallet(asTest(i % 2 ? two : one), u.headers, d.id)));
      await stream.waitFor(16, undefined, 5_000);
      // A count overtaken by the other instance's is followed by a truer one: wait until nothing more comes.
      for (let heard = 0; heard < stream.events.length; ) {
        heard = stream.events.length;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      const events = stream.events;
      expect(events.map((e) => Number(e.id))).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
      expect(events.filter((e) => e.event === 'notifications.unread').at(-1)!.data).toEqual({ count: 4 });
    } finally {
      stream?.close();
      await three.app.close();
      await two.app.close();
      await one.app.close();
    }
  });
});
