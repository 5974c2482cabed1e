import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import type { DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import type { NotificationKey } from '../../../shared/schemas/notifications.js';
import type { AssignDriverBody } from '../../../shared/schemas/dispatch.js';
import type { DeliveriesRepository, DeliveryRow } from '../deliveries/deliveries-repository.js';
import { DELIVERY_NOT_FOUND_MESSAGE } from '../deliveries/deliveries-service.js';
import { toDelivery } from '../deliveries/delivery-view.js';
import { DRIVER_ASSIGNABLE_STATUSES, canMove, nextStatus } from '../deliveries/delivery-lifecycle.js';
import type { NotificationsRepository } from '../notifications/notifications-repository.js';

const MESSAGE_OF: Partial<Record<DeliveryStatus, NotificationKey>> = {
  picked_up: 'deliveryPickedUp',
  in_transit: 'deliveryInTransit',
  out_for_delivery: 'deliveryOutForDelivery',
  delivered: 'deliveryDelivered',
};

interface Deps {
  db: Db;
  bookings: DeliveriesRepository;
  notifications: NotificationsRepository;
  deliveriesChanged: (userId: string) => void;
}

export function createDispatchService({ db, bookings, notifications, deliveriesChanged }: Deps) {
  async function findAny(publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await bookings.findByNumber(number, null);
    if (!row) throw new AppError('DELIVERY_NOT_FOUND', DELIVERY_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    async assignDriver(publicId: string, driver: AssignDriverBody) {
      const existing = await findAny(publicId);
      const row = await db.transaction(async (tx) => {
        const updated = await bookings.setDriver(
          existing.id,
          {
            name: driver.name,
            phone: driver.phone,
            ratingTenths: Math.round(driver.rating * 10),
            reviews: driver.reviews,
          },
          DRIVER_ASSIGNABLE_STATUSES,
          tx,
        );
        if (!updated) return null;
        await bookings.insertEvent({ deliveryId: updated.id, status: 'driver_assigned', note: driver.name }, tx);
        await notifications.insertNotification(
          {
            userId: updated.userId,
            type: 'delivery',
            messageKey: 'driverAssigned',
            params: { deliveryId: formatDeliveryId(updated.number), driverName: driver.name },
          },
          tx,
        );
        return updated;
      });
      deliveriesChanged(existing.userId);
      if (!row) {
        throw new AppError(
          'INVALID_STATUS_TRANSITION',
          'A driver can only be assigned to a paid delivery that is not yet delivered.',
        );
      }
      return toDelivery(row);
    },

    async updateStatus(publicId: string, status: DeliveryStatus, note?: string) {
      const existing = await findAny(publicId);
      const expected = nextStatus(existing.status);
      if (!canMove(existing.status, status, 'operator')) {
        throw new AppError(
          'INVALID_STATUS_TRANSITION',
          expected
            ? `A ${existing.status} delivery can only move to ${expected}.`
            : `A ${existing.status} delivery cannot change status here.`,
        );
      }
      const row = await db.transaction(async (tx) => {
        const updated = await bookings.transitionStatus(existing.id, [existing.status], status, tx);
        if (!updated) return null;
        await bookings.insertEvent({ deliveryId: updated.id, status, note }, tx);
        const messageKey = MESSAGE_OF[status];
        if (messageKey) {
          await notifications.insertNotification(
            {
              userId: updated.userId,
              type: 'delivery',
              messageKey,
              params: { deliveryId: formatDeliveryId(updated.number), trackingId: updated.trackingId ?? '' },
            },
            tx,
          );
        }
        return updated;
      });
      deliveriesChanged(existing.userId);
      if (!row)
        throw new AppError('INVALID_STATUS_TRANSITION', 'The delivery changed meanwhile. Reload and try again.');
      return toDelivery(row);
    },
  };
}
export type DispatchService = ReturnType<typeof createDispatchService>;
