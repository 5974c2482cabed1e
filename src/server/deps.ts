import type { Env } from './config/env.js';
import type { Database, Db } from './db/client.js';
import type { SessionService } from './modules/auth/session-service.js';
import type { RateLimitStore } from './lib/rate-limit.js';
import type { InvalidationBus } from './lib/invalidation-bus.js';
import type { OutboxRepository } from './modules/messages/outbox-repository.js';
import type { OutboxWorker } from './modules/messages/outbox-worker.js';
import type { FileStorage } from './adapters/storage/index.js';

/** What buildApp hands to every module: configuration, the database and the shared services. */
export interface AppDeps {
  env: Env;
  database: Database;
  db: Db;
  sessions: SessionService;
  /** Counters for rate limits: in memory, or Redis when REDIS_URL is set. */
  rateLimitStore: RateLimitStore;
  /** Drops in-memory copies on every instance: in-process, or over Redis pub/sub when REDIS_URL is set. */
  invalidationBus: InvalidationBus;
  /** Write messages with `outbox.insertMessage(message, tx)`, then call `outboxWorker.nudge()` after commit. */
  outbox: OutboxRepository;
  outboxWorker: OutboxWorker;
  /** Uploaded files (avatars): local disk under UPLOADS_DIR by default. */
  storage: FileStorage;
}
