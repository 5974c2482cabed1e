import { describe, expect, it } from 'vitest';
import { createLiveAppendBatcher } from './live-append-batcher.js';

type Batch = { userId: string; events: readonly { name: string; data: unknown }[] }[];

/** A repository that numbers each user's events from 1, as the head rows do, and records every statement. */
function fakeRepository(options: { failFor?: string } = {}) {
  const heads = new Map<string, number>();
  const statements: Batch[] = [];
  return {
    statements,
    async append(batch: Batch) {
      statements.push(batch);
      if (options.failFor && batch.some((item) => item.userId === options.failFor)) throw new Error('foreign key');
      const seqs = new Map<string, number[]>();
      for (const { userId, events } of batch) {
        const start = heads.get(userId) ?? 0;
        seqs.set(userId, events.map((_, i) => start + i + 1));
        heads.set(userId, start + events.length);
      }
      return seqs;
    },
  };
}

describe('live append batcher', () => {
  it('stores what is published in the same turn in one statement, each user numbered in publish order', async () => {
    const repository = fakeRepository();
    const batcher = createLiveAppendBatcher(repository);
    const [a1, b1, a2] = await Promise.all([
      batcher.append('a', [{ name: 'notification', data: 1 }, { name: 'notifications.unread', data: 2 }]),
      batcher.append('b', [{ name: 'delivery.status', data: 3 }]),
      batcher.append('a', [{ name: 'delivery.status', data: 4 }]),
    ]);
    expect(repository.statements).toHaveLength(1);
    expect(a1).toEqual([{ seq: 1, name: 'notification', data: 1 }, { seq: 2, name: 'notifications.unread', data: 2 }]);
    expect(a2).toEqual([{ seq: 3, name: 'delivery.status', data: 4 }]);
    expect(b1).toEqual([{ seq: 1, name: 'delivery.status', data: 3 }]);
  });

  it('gathers what arrives during a write for the next one', async () => {
    const repository = fakeRepository();
    const batcher = createLiveAppendBatcher(repository, { gatherMs: 0 });
    const first = batcher.append('a', [{ name: 'x', data: 1 }]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batcher.append('a', [{ name: 'y', data: 2 }]), batcher.append('b', [{ name: 'z', data: 3 }])];
    expect((await first)[0]!.seq).toBe(1);
    expect((await Promise.all(later)).map((stored) => stored[0]!.seq)).toEqual([2, 1]);
    expect(repository.statements.map((batch) => batch.map((item) => item.userId))).toEqual([['a'], ['a', 'b']]);
  });

  it('when a statement fails, retries each publication alone: only the failing user is refused', async () => {
    const repository = fakeRepository({ failFor: 'gone' });
    const batcher = createLiveAppendBatcher(repository);
    const results = await Promise.allSettled([
      batcher.append('a', [{ name: 'x', data: 1 }]),
      batcher.append('gone', [{ name: 'y', data: 2 }]),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: [{ seq: 1, name: 'x', data: 1 }] });
    expect(results[1]!.status).toBe('rejected');
  });
});
