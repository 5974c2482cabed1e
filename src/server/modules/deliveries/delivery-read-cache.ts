import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ContentEncoding } from '../../lib/content-encoding.js';
import type { RenderedJson } from '../../lib/reply.js';
import type { DomainEvents } from '../../lib/domain-events.js';

/** Every committed change to a delivery: what cached reads of it must forget, on every instance. */
export const DELIVERY_CHANGES = [
  'delivery.created',
  'delivery.updated',
  'delivery.paid',
  'delivery.status_changed',
  'delivery.driver_assigned',
  'delivery.cancelled',
  'delivery.rated',
  'delivery.cod_paid',
  'delivery.cod_refund_due',
] as const;

/**
 * The rendered JSON of a user's hottest reads (My Deliveries pages, tracking lookups), kept in memory per user,
 * with its compressed forms made once rather than on every response.
 *
 * Correctness rests on two rules:
 * - every write to a user's deliveries calls `invalidate(userId)` once its transaction has committed: the
 *   composition root subscribes it to every delivery event, on every instance (lib/domain-events.ts);
 * - a reader takes the user's bucket before it queries and stores into it only if that bucket is still the
 *   current one, so a read that raced a write can never cache what the write replaced.
 * Buckets are evicted least recently used past `maxBytes` or `maxUsers`; an entry older than `maxAgeMs` is
 * never served, which bounds staleness should a cross-instance invalidation (invalidation-bus.ts) be lost.
 */
export interface DeliveryReadCacheOptions {
  maxBytes?: number;
  /** Users with a bucket; counts the empty buckets that failed reads leave. */
  maxUsers?: number;
  /** 0: nothing is kept, every read loads (and is rendered and compressed) afresh. */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * Smaller answers are sent as they are. @fastify/compress waits for 1 KB because it compresses every response;
 * an entry here is compressed once and sent many times, so even a tracking answer (about 600 bytes, half that
 * compressed) is worth it.
 */
const COMPRESS_FROM_BYTES = 256;
const COMPRESSORS: Record<ContentEncoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};

interface Entry {
  /** UTF-8, ready for the socket: a string would be encoded again on every hit. */
  identity: Buffer;
  compressed: Partial<Record<ContentEncoding, Buffer>>;
  storedAt: number;
}

interface Bucket {
  entries: Map<string, Entry>;
  bytes: number;
}

export function createDeliveryReadCache(options: DeliveryReadCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxUsers = options.maxUsers ?? 50_000;
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  // Map order is recency order: a hit moves its bucket to the end, eviction takes from the front.
  const buckets = new Map<string, Bucket>();
  let totalBytes = 0;

  function grow(bucket: Bucket, bytes: number) {
    bucket.bytes += bytes;
    totalBytes += bytes;
  }

  function drop(userId: string) {
    const bucket = buckets.get(userId);
    if (!bucket) return;
    totalBytes -= bucket.bytes;
    buckets.delete(userId);
  }

  function evictBeyondBudget() {
    for (const userId of buckets.keys()) {
      if (totalBytes <= maxBytes && buckets.size <= maxUsers) return;
      drop(userId);
    }
  }

  function sizeOf(entry: Entry) {
    return entry.identity.length + (entry.compressed.br?.length ?? 0) + (entry.compressed.gzip?.length ?? 0);
  }

  function lookup(userId: string, key: string): Entry | undefined {
    const bucket = buckets.get(userId);
    const entry = bucket?.entries.get(key);
    if (!bucket || !entry) return undefined;
    if (now() - entry.storedAt > maxAgeMs) {
      bucket.entries.delete(key);
      grow(bucket, -sizeOf(entry));
      return undefined;
    }
    buckets.delete(userId);
    buckets.set(userId, bucket);
    return entry;
  }

  function encode(userId: string, key: string, entry: Entry, encoding: ContentEncoding | null): RenderedJson {
    if (!encoding || entry.identity.length < COMPRESS_FROM_BYTES) return { body: entry.identity, encoding: null };
    let body = entry.compressed[encoding];
    if (!body) {
      body = entry.compressed[encoding] = COMPRESSORS[encoding](entry.identity);
      // Counted only while the entry is still cached (a write may have dropped it meanwhile).
      const bucket = buckets.get(userId);
      if (bucket?.entries.get(key) === entry) {
        grow(bucket, body.length);
        evictBeyondBudget();
      }
    }
    return { body, encoding };
  }

  /** Loads, renders and caches (unless a write came in meanwhile); errors are not cached. */
  async function fill(
    userId: string,
    key: string,
    encoding: ContentEncoding | null,
    load: () => Promise<unknown>,
  ): Promise<RenderedJson> {
    let bucket = buckets.get(userId);
    if (!bucket) {
      buckets.set(userId, (bucket = { entries: new Map(), bytes: 0 }));
      evictBeyondBudget();
    }
    const entry: Entry = { identity: Buffer.from(JSON.stringify(await load())), compressed: {}, storedAt: now() };
    if (maxAgeMs > 0 && buckets.get(userId) === bucket && entry.identity.length <= maxBytes) {
      const previous = bucket.entries.get(key);
      bucket.entries.set(key, entry);
      grow(bucket, entry.identity.length - (previous ? sizeOf(previous) : 0));
      evictBeyondBudget();
    }
    return encode(userId, key, entry, encoding);
  }

  return {
    /**
     * The cached JSON for this user and key in the encoding asked for, or else `load()` rendered and cached. A hit
     * is answered synchronously: the hottest reads skip a promise.
     */
    render(
      userId: string,
      key: string,
      encoding: ContentEncoding | null,
      load: () => Promise<unknown>,
    ): RenderedJson | Promise<RenderedJson> {
      const cached = maxAgeMs > 0 ? lookup(userId, key) : undefined;
      return cached ? encode(userId, key, cached, encoding) : fill(userId, key, encoding, load);
    },

    /** Forgets everything cached for the user; runs on every committed write to their deliveries (domain events). */
    invalidate(userId: string) {
      drop(userId);
    },

    /** Forgets a user's cached reads whenever one of their deliveries changes, whichever instance changed it. */
    subscribe(events: Pick<DomainEvents, 'onEveryInstance'>) {
      for (const type of DELIVERY_CHANGES) events.onEveryInstance(type, (event) => drop(event.userId));
    },

    get sizeBytes() {
      return totalBytes;
    },
  };
}
export type DeliveryReadCache = ReturnType<typeof createDeliveryReadCache>;
