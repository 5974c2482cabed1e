import { AppError } from '../../lib/app-error.js';
import type { DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import type { AssignDriverBody } from '../../../shared/schemas/dispatch.js';
import type { DeliveriesService } from '../deliveries/deliveries-service.js';
import { toDelivery } from '../deliveries/delivery-view.js';
import { canMove } from '../deliveries/delivery-lifecycle.js';
import type { DriversService } from '../drivers/drivers-service.js';

interface Deps {
  deliveries: Pick<DeliveriesService, 'findAny' | 'assignDriver' | 'moveStatus'>;
  drivers: Pick<DriversService, 'find' | 'listForTransportMode'>;
}

/** Operators move deliveries along; the deliveries module makes the writes, the lifecycle says which moves exist. */
export function createDispatchService({ deliveries, drivers }: Deps) {
  return {
    async assignDriver(publicId: string, { driverId }: AssignDriverBody) {
      const existing = await deliveries.findAny(publicId);
      const driver = await drivers.find(driverId);
      if (!driver) throw new AppError('DRIVER_NOT_FOUND');
      const row = await deliveries.assignDriver(existing.id, {
        name: driver.name,
        phone: driver.phone ?? '',
        ratingTenths: Math.round((driver.rating ?? 0) * 10),
        reviews: driver.reviews,
      });
      if (!row) {
        throw new AppError('INVALID_STATUS_TRANSITION');
      }
      return toDelivery(row);
    },

    async updateStatus(publicId: string, status: DeliveryStatus, note?: string) {
      const existing = await deliveries.findAny(publicId);
      if (!canMove(existing.status, status, 'operator')) {
        throw new AppError('INVALID_STATUS_TRANSITION');
      }
      const row = await deliveries.moveStatus(existing.id, existing.status, status, note);
      if (!row)
        throw new AppError('CONFLICT');
      return toDelivery(row);
    },
  };
}
export type DispatchService = ReturnType<typeof createDispatchService>;
