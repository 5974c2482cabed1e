/**
 * Tells every instance of the server that something it may hold in memory has changed. One instance (no
 * REDIS_URL): handlers run in-process. Several (REDIS_URL set): the message also goes out over Redis pub/sub
 * and each instance runs its handlers on receipt; a lost message is bounded by the caches' own maximum age.
 */
export interface InvalidationBus {
  /** Runs the local handlers now, then tells the other instances. */
  publish(topic: string, key: string): void;
  subscribe(topic: string, handler: (key: string) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'lf:invalidate';

function createHandlers() {
  const handlers = new Map<string, Array<(key: string) => void>>();
  return {
    add(topic: string, handler: (key: string) => void) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
    },
    run(topic: string, key: string) {
      for (const handler of handlers.get(topic) ?? []) handler(key);
    },
  };
}

export function createLocalInvalidationBus(): InvalidationBus {
  const handlers = createHandlers();
  return {
    publish: (topic, key) => handlers.run(topic, key),
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async close() {},
  };
}

/** ioredis loads only when Redis is configured. Publishing needs one connection, subscribing its own. */
export async function createRedisInvalidationBus(url: string): Promise<InvalidationBus> {
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  // A dropped connection reconnects by itself (and resubscribes); it must not crash the process.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  const handlers = createHandlers();
  subscriber.on('message', (_channel: string, message: string) => {
    const separator = message.indexOf(':');
    if (separator > 0) handlers.run(message.slice(0, separator), message.slice(separator + 1));
  });
  // A reachable Redis is listening before the server serves (an invalidation sent earlier would be missed); an
  // unreachable one holds up the start for two seconds at most, and the subscription happens once it connects.
  const subscribed = subscriber.subscribe(CHANNEL).catch(() => undefined);
  await Promise.race([subscribed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  return {
    publish(topic, key) {
      handlers.run(topic, key);
      publisher.publish(CHANNEL, `${topic}:${key}`).catch(() => undefined);
    },
    subscribe: (topic, handler) => handlers.add(topic, handler),
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

export function createInvalidationBus(redisUrl: string | undefined): Promise<InvalidationBus> | InvalidationBus {
  return redisUrl ? createRedisInvalidationBus(redisUrl) : createLocalInvalidationBus();
}
