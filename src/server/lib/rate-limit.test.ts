import { Redis } from 'ioredis';
import { isRedisAvailable, TEST_REDIS_URL } from '../test/redis.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createMemoryRateLimitStore, createRateLimiter, createRedisRateLimitStore } from './rate-limit.js';

describe('rate limiter', () => {
  it('counts per subject in fixed windows and reports when the window ends', async () => {
    let now = 1_000_000_000_000;
    const store = createMemoryRateLimitStore({ now: () => now });
    const limiter = createRateLimiter(store, { name: 't', limit: 2, windowMs: 60_000 }, () => now);
    await limiter.consume('a');
    await limiter.consume('a');
    await limiter.consume('b');
    const error = await limiter.consume('a').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('RATE_LIMITED');
    expect((error as AppError).statusCode).toBe(429);
    expect((error as AppError).options.retryAfterSeconds).toBe(20); // window ends at …:00:00, now is 40 s into it

    now += 20_000;
    await expect(limiter.consume('a')).resolves.toBeUndefined();
    await store.close();
  });

  it('keeps the memory store bounded', async () => {
    let now = 0;
    const store = createMemoryRateLimitStore({ maxKeys: 100, now: () => now });
    for (let i = 0; i < 1000; i++) await store.increment(`k${i}`, now + 60_000);
    expect(store.size()).toBeLessThanOrEqual(100);
    now = 61_000;
    await store.increment('fresh', now + 60_000);
    expect(store.size()).toBeLessThanOrEqual(100);
    await store.close();
  });
});

const redisUrl = TEST_REDIS_URL;
const redisAvailable = await isRedisAvailable();

describe.skipIf(!redisAvailable)('Redis rate-limit store', () => {
  const prefix = `lf:test:${randomBytes(4).toString('hex')}:`;
  let store: Awaited<ReturnType<typeof createRedisRateLimitStore>>;
  const inspector = new Redis(redisUrl);
  beforeAll(async () => {
    store = await createRedisRateLimitStore(redisUrl, { prefix });
    await inspector.ping();
  });
  afterAll(async () => {
    const keys = await inspector.keys(`${prefix}*`);
    if (keys.length > 0) await inspector.del(...keys);
    inspector.disconnect();
    await store.close();
  });

  it('increments atomically and expires the counter with its window', async () => {
    const windowEndsAt = Date.now() + 5_000;
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.increment('k', windowEndsAt)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const ttl = await inspector.pttl(`${prefix}k`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('backs the limiter', async () => {
    const limiter = createRateLimiter(store, { name: 'r', limit: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) await limiter.consume('ip');
    await expect(limiter.consume('ip')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});
