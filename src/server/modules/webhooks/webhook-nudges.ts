import type { DomainEvents, DomainEventType } from '../../lib/domain-events.js';

/** The changes whose commit may have queued webhook events (the triggers wrote them; these only say "look now"). */
const DELIVERY_CHANGES: readonly DomainEventType[] = [
  'delivery.created',
  'delivery.paid',
  'delivery.status_changed',
  'delivery.driver_assigned',
  'delivery.cancelled',
];

/**
 * Wakes the webhook worker after a delivery's change commits, so events leave within milliseconds instead of at the
 * next poll. Losing a nudge (a crash) loses nothing: the queue row is in the database, and the poll finds it.
 */
export function subscribeWebhookNudges(events: Pick<DomainEvents, 'onPublisher'>, nudge: () => void) {
  for (const type of DELIVERY_CHANGES) events.onPublisher(type, () => nudge());
}
