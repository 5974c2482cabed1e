import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import { categoryOf } from './message-policy.js';
import type { UserMessageQueue } from './message-queue.js';
import { isUpdateStatus, renderDeliveryUpdate } from './delivery-update-templates.js';
import { preferredRouteOf } from './preferred-route.js';

interface Deps {
  db: Executor;
  queue: UserMessageQueue;
  getProfile: (userId: string) => Promise<Pick<UserProfile, 'email' | 'phone' | 'whatsappNumber' | 'language'>>;
  /** Wakes the outbox worker once a message is queued. */
  nudge: () => void;
}

/**
 * Tells the customer by email (or, failing that, WhatsApp or SMS) when their delivery moves on the road. An
 * optional message: the queue drops it unless the customer turned "Delivery updates" on (and SMS for phones).
 */
export function subscribeCustomerUpdates(events: DomainEvents, { db, queue, getProfile, nudge }: Deps) {
  events.onPublisher('delivery.status_changed', async (event) => {
    const category = categoryOf('update:delivery-status');
    // Most customers leave delivery updates off: ask that before reading the profile to address one.
    if (!isUpdateStatus(event.status) || !(await queue.takesCategory(event.userId, category, db))) return;
    const profile = await getProfile(event.userId);
    const route = preferredRouteOf(profile);
    if (!route) return;
    const message = renderDeliveryUpdate(event.status, profile.language, formatDeliveryId(event.number));
    const queued = await queue.queueMessage(
      { userId: event.userId, category, ...route, ...message },
      db,
    );
    if (queued) nudge();
  });
}
