import { Redis } from 'ioredis';

/** Tests that need Redis run when one answers on the default local port (it does in CI and on the dev machine). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

export const isRedisAvailable = async (): Promise<boolean> => {
  const probe = new Redis(TEST_REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 500,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
};
