import type { ErrorCode } from '../../shared/errors.js';
import { AppError } from './app-error.js';

/**
 * Fixed-window counters. A window's key carries its index, so a counter never needs resetting:
 * it simply expires, which keeps the Redis commands to one INCR + PEXPIRE and memory bounded.
 */
export interface RateLimitStore {
  /** Counts one hit on `key` in the window that ends at `windowEndsAt` (epoch ms); returns the new count. */
  increment(key: string, windowEndsAt: number): Promise<number>;
  close(): Promise<void>;
}

const DEFAULT_MAX_KEYS = 100_000;

/** In-process store: fine for one instance; counters vanish on restart. */
export function createMemoryRateLimitStore(options: { maxKeys?: number; now?: () => number } = {}): RateLimitStore & {
  size(): number;
} {
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  const now = options.now ?? Date.now;
  const counters = new Map<string, { count: number; expiresAt: number }>();

  const sweep = () => {
    const at = now();
    for (const [key, entry] of counters) if (entry.expiresAt <= at) counters.delete(key);
  };
  const timer = setInterval(sweep, 30_000);
  timer.unref();

  return {
    async increment(key, windowEndsAt) {
      const entry = counters.get(key);
      if (entry && entry.expiresAt > now()) {
        entry.count += 1;
        return entry.count;
      }
      if (counters.size >= maxKeys) {
        sweep();
        // Still full of live keys (a flood of distinct keys): drop the oldest rather than grow without bound.
        while (counters.size >= maxKeys) {
          const oldest = counters.keys().next().value;
          if (oldest === undefined) break;
          counters.delete(oldest);
        }
      }
      counters.set(key, { count: 1, expiresAt: windowEndsAt });
      return 1;
    },
    async close() {
      clearInterval(timer);
      counters.clear();
    },
    size: () => counters.size,
  };
}

/** Shared counters for several instances. ioredis loads only when Redis is configured. */
export async function createRedisRateLimitStore(url: string, options: { prefix?: string } = {}): Promise<RateLimitStore> {
  const prefix = options.prefix ?? 'lf:rl:';
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  // Connection errors surface on the command that needs Redis; an idle reconnect must not crash the process.
  redis.on('error', () => undefined);
  return {
    async increment(key, windowEndsAt) {
      const ttl = Math.max(1, windowEndsAt - Date.now());
      const results = await redis.multi().incr(prefix + key).pexpire(prefix + key, ttl).exec();
      const [incrError, count] = results?.[0] ?? [new Error('rate limit: empty MULTI result'), 0];
      if (incrError) throw incrError;
      return Number(count);
    },
    async close() {
      redis.disconnect();
    },
  };
}

export function createRateLimitStore(redisUrl: string | undefined): Promise<RateLimitStore> | RateLimitStore {
  return redisUrl ? createRedisRateLimitStore(redisUrl) : createMemoryRateLimitStore();
}

export interface RateLimitRule {
  /** Names the counter family (`signin:ip`); part of every key. */
  name: string;
  limit: number;
  windowMs: number;
  /** The error code of the refusal; RATE_LIMITED unless a limit means something more specific. */
  code?: Extract<ErrorCode, 'RATE_LIMITED' | 'CODE_BUDGET_EXCEEDED'>;
}

export interface RateLimiter {
  /** Counts one attempt for `subject`; throws 429 (RATE_LIMITED unless the rule says) with Retry-After when over the limit. */
  consume(subject: string): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, rule: RateLimitRule, now: () => number = Date.now): RateLimiter {
  return {
    async consume(subject) {
      const at = now();
      const windowIndex = Math.floor(at / rule.windowMs);
      const windowEndsAt = (windowIndex + 1) * rule.windowMs;
      const count = await store.increment(`${rule.name}:${windowIndex}:${subject}`, windowEndsAt);
      if (count > rule.limit) {
        const seconds = Math.max(1, Math.ceil((windowEndsAt - at) / 1000));
        throw new AppError(rule.code ?? 'RATE_LIMITED', { params: { seconds }, retryAfterSeconds: seconds });
      }
    },
  };
}
