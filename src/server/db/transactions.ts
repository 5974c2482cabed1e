import { AppError } from '../lib/app-error.js';
import { createConcurrencyLimiter, type ConcurrencyLimiter } from '../lib/concurrency-limiter.js';
import type { DomainEvent, DomainEvents } from '../lib/domain-events.js';
import { DATABASE_BUSY_RETRY_AFTER_SECONDS } from '../lib/pg-errors.js';
import type { Db, Executor } from './client.js';

/** A write in progress: the caller's transaction, and the events to publish once it commits. */
export interface Transaction {
  tx: Executor;
  /** Queued until the commit; dropped if the transaction rolls back. */
  emit(event: DomainEvent): void;
}

/** Writes waiting in one lane at most; `maxWaitMs` bounds them first under any real load. */
const WRITE_LANE_QUEUE_LIMIT = 1_000;

/**
 * At most `concurrency` write transactions of one kind hold a connection at once; the others wait their turn, up to
 * `maxWaitMs`, then get 503 DATABASE_BUSY. Writes stuck behind one lock fill their own lane and no other
 * (docs/decisions/050).
 */
export function createWriteLane(options: { concurrency: number; maxWaitMs: number }): ConcurrencyLimiter {
  return createConcurrencyLimiter({
    concurrency: options.concurrency,
    queueLimit: WRITE_LANE_QUEUE_LIMIT,
    maxWaitMs: options.maxWaitMs,
    whenFull: () => new AppError('DATABASE_BUSY', { retryAfterSeconds: DATABASE_BUSY_RETRY_AFTER_SECONDS }),
  });
}

/** The write lanes (PostgreSQL): the services that may move money, and every other writer. */
export interface WriteLanes {
  money: ConcurrencyLimiter;
  other: ConcurrencyLimiter;
}

/**
 * Runs `work` in one database transaction, then publishes what it emitted. With a `lane`, the transaction waits for
 * a turn in it first; the turn ends with the commit, before the events go out (their subscribers may write too).
 */
export function createTransactions(db: Db, events: Pick<DomainEvents, 'publish'>, lane?: ConcurrencyLimiter) {
  const inLane = <T>(work: () => Promise<T>): Promise<T> => (lane ? lane.run(work) : work());
  return {
    async run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
      const emitted: DomainEvent[] = [];
      const result = await inLane(() => db.transaction((tx) => work({ tx, emit: (event) => emitted.push(event) })));
      await events.publish(emitted);
      return result;
    },
    /** For a write that is a single statement (its own transaction): the same bookkeeping, no BEGIN/COMMIT. */
    async single<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
      const emitted: DomainEvent[] = [];
      const result = await inLane(() => work({ tx: db, emit: (event) => emitted.push(event) }));
      await events.publish(emitted);
      return result;
    },
  };
}
export type Transactions = ReturnType<typeof createTransactions>;
