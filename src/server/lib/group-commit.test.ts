import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';

describe('group commit', () => {
  it('writes what is submitted together in one write, and what arrives meanwhile in the next, results in order', async () => {
    const writes: number[][] = [];
    const group = createGroupCommit(
      async (items: readonly number[]) => {
        writes.push([...items]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return items.map((n) => n * 10);
      },
      { gatherMs: 0 },
    );
    const first = [group.submit(1), group.submit(2)];
    await new Promise((resolve) => setImmediate(resolve));
    const later = [group.submit(3), group.submit(4)];
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40]);
    expect(writes).toEqual([[1, 2], [3, 4]]);
  });

  it('the first item waits gatherMs for company: what arrives within it shares the write', async () => {
    const writes: number[][] = [];
    const group = createGroupCommit(
      async (items: readonly number[]) => {
        writes.push([...items]);
        return items;
      },
      { gatherMs: 50 },
    );
    const first = group.submit(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = group.submit(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await group.submit(3)).toBe(3);
    expect(writes).toEqual([[1, 2], [3]]);
  });

  it('retries a failed write item by item: only the bad item is refused', async () => {
    const group = createGroupCommit(async (items: readonly number[]) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items.map((n) => n + 1);
    });
    const results = await Promise.allSettled([group.submit(1), group.submit(13), group.submit(2)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<number>).value).toBe(2);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('unlucky'));
  });
});
