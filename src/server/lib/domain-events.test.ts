import { describe, expect, it, vi } from 'vitest';
import { createDomainEvents, type DomainEvent } from './domain-events.js';
import type { InvalidationBus } from './invalidation-bus.js';

/** Two instances joined as Redis joins them: every message reaches every instance, its sender included. */
function sharedBus(): () => InvalidationBus {
  const handlers: Array<{ topic: string; handler: (key: string) => void }> = [];
  return () => ({
    publish: (topic, key) => handlers.filter((h) => h.topic === topic).forEach((h) => h.handler(key)),
    subscribe: (topic, handler) => void handlers.push({ topic, handler }),
    async close() {},
  });
}

const paid: DomainEvent = {
  type: 'delivery.paid',
  method: 'wallet',
  amountKobo: 270_000,
  userId: 'u1',
  deliveryId: 'd1',
  number: 1,
  trackingId: 'LF-1',
  status: 'pending',
  livemode: true,
};

describe('domain events', () => {
  it('every-instance subscribers run everywhere, once each; publisher subscribers only where it was published', async () => {
    const bus = sharedBus();
    const log = { error: vi.fn() };
    const one = createDomainEvents({ invalidationBus: bus(), log });
    const two = createDomainEvents({ invalidationBus: bus(), log });
    const seen: string[] = [];
    for (const [name, events] of [['one', one], ['two', two]] as const) {
      events.onEveryInstance('delivery.paid', (e) => void seen.push(`${name}:cache:${e.deliveryId}`));
      events.onPublisher('delivery.paid', (e) => void seen.push(`${name}:notify:${e.deliveryId}`));
    }
    await one.publish([paid]);
    expect(seen.sort()).toEqual(['one:cache:d1', 'one:notify:d1', 'two:cache:d1']);
  });

  it("publisher-only details reach the publisher's subscribers and never the other instances", async () => {
    const bus = sharedBus();
    const log = { error: vi.fn() };
    const one = createDomainEvents({ invalidationBus: bus(), log });
    const two = createDomainEvents({ invalidationBus: bus(), log });
    const seen: Record<string, unknown> = {};
    one.onPublisher('delivery.status_changed', (e) => void (seen.publisher = e.publisherOnly));
    two.onEveryInstance('delivery.status_changed', (e) => void (seen.other = e));
    const receiver = { receiverPhone: '+2348031234567', receiverLanguage: 'yo', driverName: 'Musa Ibrahim', livemode: true };
    await one.publish([{ ...paid, type: 'delivery.status_changed', status: 'out_for_delivery', publisherOnly: { receiver } }]);
    expect(seen.publisher).toEqual({ receiver });
    expect(seen.other).toMatchObject({ type: 'delivery.status_changed', deliveryId: 'd1', status: 'out_for_delivery' });
    expect(JSON.stringify(seen.other)).not.toContain('+2348031234567');
  });

  it('local subscribers have finished when publish resolves; a failing one is logged, not thrown', async () => {
    const log = { error: vi.fn() };
    const events = createDomainEvents({ invalidationBus: sharedBus()(), log });
    let done = false;
    events.onEveryInstance('delivery.paid', () => {
      throw new Error('boom');
    });
    events.onPublisher('delivery.paid', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      done = true;
    });
    await events.publish([paid]);
    expect(done).toBe(true);
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("the publisher's subscribers run together: the answer waits for the slowest, and one failing stops none", async () => {
    const log = { error: vi.fn() };
    const events = createDomainEvents({ invalidationBus: sharedBus()(), log });
    const started: string[] = [];
    const finished: string[] = [];
    const slow = (name: string, ms: number) => async () => {
      started.push(name);
      await new Promise((resolve) => setTimeout(resolve, ms));
      finished.push(name);
    };
    events.onPublisher('delivery.paid', slow('notification', 40));
    events.onPublisher('delivery.paid', () => {
      throw new Error('boom');
    });
    events.onPublisher('delivery.paid', slow('live', 10));
    const publishing = events.publish([paid]);
    // Both had begun before either finished.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(started).toEqual(['notification', 'live']);
    expect(finished).toEqual([]);
    await publishing;
    expect(finished).toEqual(['live', 'notification']);
    expect(log.error).toHaveBeenCalledOnce();
  });
});
