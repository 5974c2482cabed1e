import type { LiveEventsRepository, StoredLiveEvent } from './live-events-repository.js';

interface LiveEventInput {
  name: string;
  data: unknown;
}

interface Waiting {
  userId: string;
  events: readonly LiveEventInput[];
  resolve: (stored: StoredLiveEvent[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the live stream's writes: every event published while a write is in flight (or in the same turn
 * of the event loop) is stored by the next single statement, whatever user it is for. A status change tells its
 * customer two or three things at once, and under load many customers at once; one statement per event made the
 * live stream the busiest writer of the database. One write at a time keeps each user's events in publish order.
 * A write that fails is retried user by user, so one bad user (deleted meanwhile) does not take the others down.
 */
export function createLiveAppendBatcher(repository: Pick<LiveEventsRepository, 'append'>) {
  let waiting: Waiting[] = [];
  let writing = false;

  async function store(batch: readonly Waiting[]) {
    const byUser = new Map<string, Waiting[]>();
    for (const item of batch) {
      const own = byUser.get(item.userId);
      if (own) own.push(item);
      else byUser.set(item.userId, [item]);
    }
    const input = [...byUser].map(([userId, items]) => ({ userId, events: items.flatMap((item) => item.events) }));
    const seqs = await repository.append(input);
    for (const [userId, items] of byUser) {
      const numbers = seqs.get(userId) ?? [];
      let next = 0;
      for (const item of items) item.resolve(item.events.map((event) => ({ seq: numbers[next++]!, ...event })));
    }
  }

  async function drain() {
    writing = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        await store(batch);
      } catch (error) {
        const users = new Set(batch.map((item) => item.userId));
        if (users.size === 1) {
          for (const item of batch) item.reject(error);
          continue;
        }
        for (const userId of users) {
          const own = batch.filter((item) => item.userId === userId);
          await store(own).catch((ownError: unknown) => own.forEach((item) => item.reject(ownError)));
        }
      }
    }
    writing = false;
  }

  return {
    /** Stores a user's events, numbered in this order; resolves once they are committed. */
    append(userId: string, events: readonly LiveEventInput[]): Promise<StoredLiveEvent[]> {
      return new Promise((resolve, reject) => {
        waiting.push({ userId, events, resolve, reject });
        if (!writing) {
          writing = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
