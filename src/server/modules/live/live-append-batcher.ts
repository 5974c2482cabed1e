import { createGroupCommit } from '../../lib/group-commit.js';
import type { LiveEventsRepository, StoredLiveEvent } from './live-events-repository.js';

interface LiveEventInput {
  name: string;
  data: unknown;
}

/**
 * The live stream's writes, group-committed: every event published while a write is in flight, whatever user it
 * is for, is stored by the next single statement. A status change tells its customer two or three things at once,
 * and under load many customers at once; one statement per event made the live stream the busiest writer of the
 * database. Each user's events keep their publish order.
 */
export function createLiveAppendBatcher(repository: Pick<LiveEventsRepository, 'append'>, options: { gatherMs?: number } = {}) {
  const group = createGroupCommit(async (items: readonly { userId: string; events: readonly LiveEventInput[] }[]) => {
    const byUser = new Map<string, LiveEventInput[]>();
    for (const { userId, events } of items) {
      const own = byUser.get(userId);
      if (own) own.push(...events);
      else byUser.set(userId, [...events]);
    }
    const seqs = await repository.append([...byUser].map(([userId, events]) => ({ userId, events })));
    const used = new Map<string, number>();
    return items.map(({ userId, events }): StoredLiveEvent[] => {
      const numbers = seqs.get(userId) ?? [];
      const first = used.get(userId) ?? 0;
      used.set(userId, first + events.length);
      return events.map((event, i) => ({ seq: numbers[first + i]!, ...event }));
    });
  }, options);

  return {
    /** Stores a user's events, numbered in this order; resolves once they are committed. */
    append: (userId: string, events: readonly LiveEventInput[]) => group.submit({ userId, events }),
  };
}
