import type { DomainEvents } from '../../lib/domain-events.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import { DISPLAY_STATUS_OF } from '../../../shared/schemas/deliveries.js';
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
