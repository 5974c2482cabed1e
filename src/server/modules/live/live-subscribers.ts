import type { DomainEvents } from '../../lib/domain-events.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import { DISPLAY_STATUS_OF } from '../../../shared/schemas/deliveries.js';
import { DRIVER_JOBS_CHANGED_EVENT } from '../../../shared/schemas/live-events.js';
import type { LiveService } from './live-service.js';

/**
 * Turns what happened into the user's live events. On the publishing instance only (`onPublisher`): each event
 * is stored once, then the live service sends it to every instance. Notifications publish their own.
 */
export function subscribeLiveEvents(
  events: Pick<DomainEvents, 'onPublisher'>,
  live: Pick<LiveService, 'publish'>,
) {
  for (const type of ['wallet.credited', 'wallet.debited'] as const) {
    events.onPublisher(type, (e) => live.publish(e.userId, 'wallet.balance', { balance: e.balanceAfterKobo }));
  }

  events.onPublisher('withdrawal.finished', (e) => live.publish(e.userId, 'wallet.withdrawal', { id: e.withdrawalId, status: e.status }));

  // The shipper's lists and the driver's job show "Paid" as the receiver pays (decision 053).
  events.onPublisher('delivery.cod_paid', async (e) => {
    const data = { id: formatDeliveryId(e.number) };
    await Promise.all([live.publish(e.userId, 'delivery.cod_paid', data), e.driverId ? live.publish(e.driverId, 'delivery.cod_paid', data) : undefined]);
  });

  // The drivers' open job lists: the driver given the job, and the one it was taken from (decision 038 has no polling).
  events.onPublisher('delivery.driver_assigned', async (e) => {
    const data = { id: formatDeliveryId(e.number) };
    const drivers = new Set([e.driverId, ...(e.previousDriverId ? [e.previousDriverId] : [])]);
    await Promise.all([...drivers].map((driverId) => live.publish(driverId, DRIVER_JOBS_CHANGED_EVENT, data)));
  });

  // The driver's job leaves "waiting for a decision" on their open page: out again, or on its way back.
  events.onPublisher('delivery.failure_decided', async (e) => {
    if (e.driverId) await live.publish(e.driverId, DRIVER_JOBS_CHANGED_EVENT, { id: formatDeliveryId(e.number) });
  });

  for (const type of ['delivery.paid', 'delivery.status_changed', 'delivery.driver_assigned', 'delivery.cancelled'] as const) {
    events.onPublisher(type, (e) =>
      live.publish(e.userId, 'delivery.status', {
        id: formatDeliveryId(e.number),
        trackingId: e.trackingId,
        status: e.status,
        displayStatus: DISPLAY_STATUS_OF[e.status],
      }),
    );
  }
}
