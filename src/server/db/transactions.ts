import type { DomainEvent, DomainEvents } from '../lib/domain-events.js';
import type { Db, Executor } from './client.js';

/** A write in progress: the caller's transaction, and the events to publish once it commits. */
export interface Transaction {
  tx: Executor;
  /** Queued until the commit; dropped if the transaction rolls back. */
  emit(event: DomainEvent): void;
}

/** Runs `work` in one database transaction, then publishes what it emitted. */
export function createTransactions(db: Db, events: Pick<DomainEvents, 'publish'>) {
  return {
    async run<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
      const emitted: DomainEvent[] = [];
      const result = await db.transaction((tx) => work({ tx, emit: (event) => emitted.push(event) }));
      await events.publish(emitted);
      return result;
    },
    /** For a write that is a single statement (its own transaction): the same bookkeeping, no BEGIN/COMMIT. */
    async single<T>(work: (transaction: Transaction) => Promise<T>): Promise<T> {
      const emitted: DomainEvent[] = [];
      const result = await work({ tx: db, emit: (event) => emitted.push(event) });
      await events.publish(emitted);
      return result;
    },
  };
}
export type Transactions = ReturnType<typeof createTransactions>;
