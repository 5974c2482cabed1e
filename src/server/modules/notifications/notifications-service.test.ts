import { describe, expect, it, vi } from 'vitest';
import type { PublishableEvent } from '../live/live-service.js';
import type { NewNotification, NotificationsRepository } from './notifications-repository.js';
import { createNotificationsService } from './notifications-service.js';

/** One inbox in memory, shared by two instances, as one database behind a load balancer. */
function sharedInbox() {
  let unread = 0;
  const repository = {
    async insertMany(values: readonly NewNotification[]) {
      unread += values.length;
      return values.map((v) => ({ ...v, id: crypto.randomUUID(), readAt: null, createdAt: new Date() }));
    },
    countUnreadMany: async (userIds: readonly string[]) => userIds.map(() => unread),
  } as unknown as NotificationsRepository;
  return repository;
}

const values: NewNotification = { userId: crypto.randomUUID(), type: 'delivery', messageKey: 'deliveryPaid', params: {} };

describe('the unread count across instances', () => {
  it('a count overtaken by another instance is followed by a truer one, so the tabs end with the real count', async () => {
    const repository = sharedInbox();
    const stored: PublishableEvent[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let publishes = 0;
    // The first instance's events are stored only after the second instance's, which counted later.
    const live = {
      async publishMany(_userId: string, events: readonly PublishableEvent[]) {
        if (publishes++ === 0) await held;
        stored.push(...events);
      },
    };
    const one = createNotificationsService({ repository, live });
    const two = createNotificationsService({ repository, live });

    const first = one.insertNotification(values);
    await vi.waitFor(() => expect(publishes).toBe(1));
    await two.insertNotification(values);
    release();
    await first;

    const counts = stored.filter((e) => e.name === 'notifications.unread').map((e) => e.data);
    expect(counts).toEqual([{ count: 2 }, { count: 1 }, { count: 2 }]);
  });
});
