import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, startAnotherInstance, type TestApp } from './test/test-app.js';
import { createSignedInUser, fundWallet } from './test/factories.js';
import { isRedisAvailable, TEST_REDIS_URL } from './test/redis.js';
import { bookingBody } from './test/delivery-test-helpers.js';

/**
 * Instances behind one load balancer share the database and Redis: what one instance holds in memory (sessions,
 * cached reads) must not outlive a change made through another.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Inject = TestApp['app']['inject'];
type Headers = Record<string, string>;

async function listOf(inject: Inject, headers: Headers) {
  const res = await inject({ method: 'GET', url: '/api/deliveries?limit=20', headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: { id: string; status: string }[] };
}

const redisAvailable = await isRedisAvailable();

describe.skipIf(!redisAvailable)('several instances (REDIS_URL)', () => {
  it('a sign-out on one instance ends the session on the others at once', async () => {
    const one = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const two = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    try {
      const u = await createSignedInUser(t.deps);
      const profile = () => two.app.inject({ method: 'GET', url: '/api/user-profile', headers: u.headers });
      expect((await profile()).statusCode).toBe(200); // instance two now holds the session in memory
      expect((await one.app.inject({ method: 'POST', url: '/api/logout', headers: u.headers })).statusCode).toBe(200);
      await expect.poll(async () => (await profile()).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
    } finally {
      await two.app.close();
      await one.app.close();
    }
  });

  it('a write on one instance drops the cached reads of the others', async () => {
    const one = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const two = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    try {
      const u = await createSignedInUser(t.deps);
      await fundWallet(t.deps.db, u.user.id, 1_000_000);
      const injectOne = one.app.inject.bind(one.app) as Inject;
      const injectTwo = two.app.inject.bind(two.app) as Inject;
      const booked = await injectOne({
        method: 'POST',
        url: '/api/book-delivery',
        headers: u.headers,
        payload: bookingBody(),
      });
      expect(booked.statusCode).toBe(201);
      const id = booked.json().data.id as string;
      expect((await listOf(injectTwo, u.headers)).items[0]).toMatchObject({ id, status: 'awaiting_payment' });

      const paid = await injectOne({
        method: 'POST',
        url: '/api/payments/initiate',
        headers: u.headers,
        payload: { deliveryId: id, method: 'wallet' },
      });
      expect(paid.statusCode).toBe(200);
      // Pub/sub is asynchronous: the other instance hears of the write within moments.
      await expect
        .poll(async () => (await listOf(injectTwo, u.headers)).items[0]!.status, { timeout: 2_000, interval: 20 })
        .toBe('pending');
    } finally {
      await two.app.close();
      await one.app.close();
    }
  });
});
