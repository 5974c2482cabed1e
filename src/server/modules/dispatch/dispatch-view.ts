import { formatDeliveryId } from '../../../shared/ids.js';
import { DISPLAY_STATUS_OF, type DeliveryType, type TransportMode } from '../../../shared/schemas/deliveries.js';
import type { DispatchDelivery, DriverJob } from '../../../shared/schemas/dispatch.js';
import { HANDOVER_MAX_ATTEMPTS } from '../../../shared/rule-limits.js';
import type { DeliveryRow, StatusHistory } from '../deliveries/deliveries-service.js';
import type { Driver } from '../drivers/drivers-service.js';

/** A pay-on-delivery order's amount and when the receiver paid, from the row's own columns; null for a prepaid one. */
export function codDueOf(row: Pick<DeliveryRow, 'codAmountKobo' | 'codPaidAt'>): DispatchDelivery['cod'] {
  return row.codAmountKobo === null ? null : { amountKobo: row.codAmountKobo, paidAt: row.codPaidAt?.toISOString() ?? null };
}

/**
 * A board row: everything about the delivery, its driver (with the plate on record) and its history, each step with
 * its driver's name. `driverById`: the drivers module's record of every driver the row names.
 */
export function toDispatchDelivery(row: DeliveryRow, history: StatusHistory, driverById: ReadonlyMap<string, Driver>): DispatchDelivery {
  const driver = row.driverId ? driverById.get(row.driverId) : undefined;
  const nameOf = (driverId: string | null) =>
    driverId === null ? null : (driverById.get(driverId)?.name ?? (driverId === row.driverId ? row.driverName : null));
  return {
    id: formatDeliveryId(row.number),
    trackingId: row.trackingId,
    status: row.status,
    displayStatus: DISPLAY_STATUS_OF[row.status],
    transportMode: row.transportMode as TransportMode,
    packageType: row.packageType,
    packageWeight: row.packageWeight,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    receiverName: row.receiverName,
    receiverPhone: row.receiverPhone,
    deliveryType: row.deliveryType as DeliveryType,
    deliveryDate: row.deliveryDate,
    deliveryTime: row.deliveryTime,
    totalKobo: row.totalKobo,
    paidAt: row.paidAt?.toISOString() ?? null,
    dueAt: row.dueAt.toISOString(),
    driver: row.driverId
      ? {
          userId: row.driverId,
          name: row.driverName ?? driver?.name ?? '',
          phone: row.driverPhone || null,
          plateNumber: driver?.plateNumber ?? '',
        }
      : null,
    handoverLocked: row.handoverFailedAttempts >= HANDOVER_MAX_ATTEMPTS,
    cod: codDueOf(row),
    history: history.map(({ driverId, ...entry }) => ({ ...entry, driverName: nameOf(driverId) })),
  };
}

/** A job as the driver sees it: the addresses, the receiver, the share they earn and the attempts left. */
export function toDriverJob(row: DeliveryRow, history: StatusHistory, earningsKobo: number): DriverJob {
  return {
    id: formatDeliveryId(row.number),
    trackingId: row.trackingId,
    status: row.status,
    transportMode: row.transportMode as TransportMode,
    packageType: row.packageType,
    packageWeight: row.packageWeight,
    description: row.description,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    receiverName: row.receiverName,
    receiverPhone: row.receiverPhone,
    deliveryType: row.deliveryType as DeliveryType,
    deliveryDate: row.deliveryDate,
    deliveryTime: row.deliveryTime,
    earningsKobo,
    handoverAttemptsLeft: Math.max(0, HANDOVER_MAX_ATTEMPTS - row.handoverFailedAttempts),
    cod: codDueOf(row),
    // Who drove each step is the operators' business.
    history: history.map(({ driverId: _driverId, ...entry }) => entry),
  };
}
