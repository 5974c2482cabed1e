import { describe, expect, it } from 'vitest';
import { createConcurrencyLimiter } from './concurrency-limiter.js';

class Full extends Error {}

/** A task that runs until the test lets it finish, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: () => finish(name),
    fail: () => fail(new Error(`${name} failed`)),
  };
}

/** Lets every already-settled promise's reactions run (no timers). */
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe('a concurrency limiter', () => {
  it('runs at most `concurrency` tasks at once; the others wait and start in arrival order as slots free', async () => {
    const limiter = createConcurrencyLimiter({ concurrency: 2, queueLimit: 3, whenFull: () => new Full() });
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(log, name));
    const results = gates.map((g) => limiter.run(g.task));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect([limiter.running, limiter.waiting]).toEqual([2, 3]);

    gates[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect([limiter.running, limiter.waiting]).toEqual([2, 2]);

    gates[0]!.finish();
    gates[2]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d', 'start e']);
    expect([limiter.running, limiter.waiting]).toEqual([2, 0]);

    gates[3]!.finish();
    gates[4]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('refuses at once, without running or queueing it, a task that finds every slot and the queue full', async () => {
    const limiter = createConcurrencyLimiter({ concurrency: 1, queueLimit: 1, whenFull: () => new Full('busy') });
    const log: string[] = [];
    const running = gate(log, 'running');
    const queued = gate(log, 'queued');
    const first = limiter.run(running.task);
    const second = limiter.run(queued.task);
    let refusedTaskRan = false;
    await expect(
      limiter.run(async () => {
        refusedTaskRan = true;
      }),
    ).rejects.toBeInstanceOf(Full);
    expect(refusedTaskRan).toBe(false);
    expect([limiter.running, limiter.waiting]).toEqual([1, 1]);

    // A freed place in the queue takes a task again.
    running.finish();
    await first;
    await settle();
    expect(log).toEqual(['start running', 'start queued']);
    const third = gate(log, 'third');
    const later = limiter.run(third.task);
    expect([limiter.running, limiter.waiting]).toEqual([1, 1]);
    queued.finish();
    third.finish();
    expect(await Promise.all([second, later])).toEqual(['queued', 'third']);
  });

  it('frees the slot of a task that fails or throws, and passes its error on', async () => {
    const limiter = createConcurrencyLimiter({ concurrency: 1, queueLimit: 2, whenFull: () => new Full() });
    const log: string[] = [];
    const failing = gate(log, 'failing');
    const first = limiter.run(failing.task);
    const second = limiter.run(() => {
      throw new Error('thrown before any promise');
    });
    const third = gate(log, 'third');
    const last = limiter.run(third.task);
    failing.fail();
    await expect(first).rejects.toThrow('failing failed');
    await expect(second).rejects.toThrow('thrown before any promise');
    await settle();
    expect(log).toEqual(['start failing', 'start third']);
    third.finish();
    expect(await last).toBe('third');
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('with no queue, refuses whatever finds the slots taken', async () => {
    const limiter = createConcurrencyLimiter({ concurrency: 2, queueLimit: 0, whenFull: () => new Full() });
    const log: string[] = [];
    const gates = [gate(log, 'a'), gate(log, 'b')];
    const runs = gates.map((g) => limiter.run(g.task));
    await expect(limiter.run(async () => 'c')).rejects.toBeInstanceOf(Full);
    gates.forEach((g) => g.finish());
    expect(await Promise.all(runs)).toEqual(['a', 'b']);
    expect(await limiter.run(async () => 'c')).toBe('c');
  });

  it('a task that waited `maxWaitMs` without a slot is refused and leaves the queue; the next still gets the slot', async () => {
    const limiter = createConcurrencyLimiter({
      concurrency: 1,
      queueLimit: 10,
      maxWaitMs: 30,
      whenFull: () => new Full(),
    });
    const log: string[] = [];
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const runA = limiter.run(a.task);
    const runB = limiter.run(b.task);
    await expect(runB).rejects.toBeInstanceOf(Full);
    expect([limiter.running, limiter.waiting]).toEqual([1, 0]);
    const runC = limiter.run(c.task);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start c']);
    c.finish();
    expect([await runA, await runC]).toEqual(['a', 'c']);
    expect([limiter.running, limiter.waiting]).toEqual([0, 0]);
  });

  it('refuses nonsense limits', () => {
    expect(() => createConcurrencyLimiter({ concurrency: 0, queueLimit: 1, whenFull: () => new Full() })).toThrow(
      RangeError,
    );
    expect(() => createConcurrencyLimiter({ concurrency: 1, queueLimit: -1, whenFull: () => new Full() })).toThrow(
      RangeError,
    );
    expect(() => createConcurrencyLimiter({ concurrency: 1.5, queueLimit: 1, whenFull: () => new Full() })).toThrow(
      RangeError,
    );
  });
});
