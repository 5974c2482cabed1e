import type { DomainEvents } from '../../lib/domain-events.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import { formatNaira } from '../../../shared/money.js';
import type { DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import type { NotificationKey } from '../../../shared/schemas/notifications.js';
import type { NotificationsService } from './notifications-service.js';

const MESSAGE_OF: Partial<Record<DeliveryStatus, NotificationKey>> = {
  picked_up: 'deliveryPickedUp',
  in_transit: 'deliveryInTransit',
  out_for_delivery: 'deliveryOutForDelivery',
  delivered: 'deliveryDelivered',
  failed_attempt: 'deliveryFailedAttempt',
  returning: 'deliveryReturning',
  returned: 'deliveryReturned',
};

/**
 * The in-app notifications, written after the change they tell of has committed: once, on the instance that made
 * it (a notification is a row, not something each instance holds).
 */
export function subscribeNotifications(
  events: Pick<DomainEvents, 'onPublisher'>,
  notifications: Pick<NotificationsService, 'insertNotification'>,
) {
  events.onPublisher('delivery.paid', (e) =>
    notifications.insertNotification({
      userId: e.userId,
      type: 'delivery',
      messageKey: 'deliveryPaid',
      params: {
        deliveryId: formatDeliveryId(e.number),
        trackingId: e.trackingId ?? '',
        amount: formatNaira(e.amountKobo),
        amountKobo: e.amountKobo,
      },
    }),
  );

  events.onPublisher('delivery.cancelled', (e) => {
    const deliveryId = formatDeliveryId(e.number);
    return notifications.insertNotification(
      e.refundedKobo === null
        ? { userId: e.userId, type: 'delivery', messageKey: 'deliveryCancelled', params: { deliveryId } }
        : {
            userId: e.userId,
            type: 'delivery',
            messageKey: 'deliveryCancelledRefunded',
            params: { deliveryId, amount: formatNaira(e.refundedKobo), amountKobo: e.refundedKobo },
          },
    );
  });

  events.onPublisher('delivery.driver_assigned', (e) =>
    notifications.insertNotification({
      userId: e.userId,
      type: 'delivery',
      messageKey: 'driverAssigned',
      params: { deliveryId: formatDeliveryId(e.number), driverName: e.driverName },
    }),
  );

  // The driver given the job, and the one it was taken from; a driver assigned their own job again is told nothing.
  events.onPublisher('delivery.driver_assigned', async (e) => {
    if (e.previousDriverId === e.driverId) return;
    const deliveryId = formatDeliveryId(e.number);
    const job = e.publisherOnly?.job;
    await Promise.all([
      notifications.insertNotification({
        userId: e.driverId,
        type: 'delivery',
        messageKey: 'driverJobAssigned',
        params: { deliveryId, pickup: job?.pickup ?? '', dropoff: job?.dropoff ?? '' },
      }),
      e.previousDriverId === null
        ? undefined
        : notifications.insertNotification({ userId: e.previousDriverId, type: 'delivery', messageKey: 'driverJobReassigned', params: { deliveryId } }),
    ]);
  });

  // The driver of a failed attempt hears what was decided, whoever decided it (decision 086).
  events.onPublisher('delivery.failure_decided', async (e) => {
    if (!e.driverId) return;
    await notifications.insertNotification({
      userId: e.driverId,
      type: 'delivery',
      messageKey: e.decision === 'reattempt' ? 'driverJobReattempt' : 'driverJobReturn',
      params: { deliveryId: formatDeliveryId(e.number) },
    });
  });

  // The receiver of a pay-on-delivery order paid: the shipper knows the hand-over can happen (decision 053).
  events.onPublisher('delivery.cod_paid', (e) =>
    notifications.insertNotification({
      userId: e.userId,
      type: 'delivery',
      messageKey: 'codPaid',
      params: { deliveryId: formatDeliveryId(e.number), amount: formatNaira(e.amountKobo), amountKobo: e.amountKobo },
    }),
  );

  events.onPublisher('delivery.status_changed', async (e) => {
    const messageKey = MESSAGE_OF[e.status];
    if (!messageKey) return;
    await notifications.insertNotification({
      userId: e.userId,
      type: 'delivery',
      messageKey,
      params: { deliveryId: formatDeliveryId(e.number), trackingId: e.trackingId ?? '' },
    });
  });

  // A cancellation's refund is told by deliveryCancelledRefunded above; a card payment that came too late is told here.
  events.onPublisher('wallet.credited', async (e) => {
    if (e.cause !== 'payment_not_applied') return;
    await notifications.insertNotification({
      userId: e.userId,
      type: 'wallet',
      messageKey: 'paymentRefunded',
      params: {
        deliveryId: e.deliveryNumber === null ? '' : formatDeliveryId(e.deliveryNumber),
        amount: formatNaira(e.amountKobo),
        amountKobo: e.amountKobo,
      },
    });
  });

  subscribeWalletNotifications(events, notifications);

  // The applicant hears the operator's decision; a rejection carries the operator's reason.
  events.onPublisher('partner.application_decided', (e) =>
    notifications.insertNotification({
      userId: e.userId,
      type: 'partner',
      messageKey: `${e.partnerType}Application${e.decision === 'approved' ? 'Approved' : 'Rejected'}`,
      params: e.reason === null ? {} : { reason: e.reason },
    }),
  );
}

/**
 * Money that arrived (a top-up, a refund no other notification tells of, a driver's earnings) and money withdrawn. A
 * withdrawal is a `hold` debit (wallet-service.ts): it leaves the balance when asked for; its end says whether it
 * was paid or failed (with an operator's reason), and a failed one's money coming back is told there.
 */
function subscribeWalletNotifications(
  events: Pick<DomainEvents, 'onPublisher'>,
  notifications: Pick<NotificationsService, 'insertNotification'>,
) {
  events.onPublisher('wallet.credited', async (e) => {
    const told = e.kind === 'refund' && e.cause !== null;
    if (told || !['topup', 'refund', 'earning'].includes(e.kind)) return;
    await notifications.insertNotification({
      userId: e.userId,
      type: 'wallet',
      messageKey: 'walletCredited',
      params: { amount: formatNaira(e.amountKobo), amountKobo: e.amountKobo },
    });
  });

  events.onPublisher('wallet.debited', async (e) => {
    if (e.kind !== 'hold' && e.kind !== 'withdrawal') return;
    await notifications.insertNotification({
      userId: e.userId,
      type: 'wallet',
      messageKey: 'walletWithdrawn',
      params: { amount: formatNaira(e.amountKobo), amountKobo: e.amountKobo },
    });
  });

  events.onPublisher('withdrawal.finished', async (e) => {
    const money = { amount: formatNaira(e.amountKobo), amountKobo: e.amountKobo, bank: e.bankName, account: e.accountNumberMasked };
    // Paid: with the transfer's reference, to find it on the bank statement (decision 089).
    const [messageKey, params] =
      e.status === 'paid'
        ? e.transferReference
          ? (['withdrawalPaidWithReference', { ...money, transferReference: e.transferReference }] as const)
          : (['withdrawalPaid', money] as const)
        : e.customerReason
          ? (['withdrawalFailedWithReason', { ...money, reason: e.customerReason }] as const)
          : (['withdrawalFailed', money] as const);
    await notifications.insertNotification({ userId: e.userId, type: 'wallet', messageKey, params });
  });
}
