import { DISPLAY_STATUS_OF, parseFailedAttemptNote, promisesArrival, type Delivery, type DeliveryListItem } from '../../../shared/schemas/deliveries.js';
import type { V1Delivery } from '../../../shared/schemas/merchant-api.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import type { DeliveryListRow, DeliveryRow } from './deliveries-repository.js';
import { isCancellable } from './delivery-lifecycle.js';
import { RATE_CARD } from '../../../shared/pricing.js';
import { estimateDeliveryWindow, reattemptWindow, type DeliveryWindow } from '../../../shared/eta.js';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The calendar day in Lagos (WAT is UTC+1 all year, no daylight saving). */
export function lagosDate(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * When the delivery should arrive: from its payment (before it, as if paid now), its distance, mode and slot; once
 * sent out again after a failed attempt, from then (the booked slot has passed). Computed on reading; null when it
 * promises no arrival (promisesArrival: cancelled, a failed attempt awaiting a decision, going back to its sender).
 */
export function estimatedDeliveryOf(
  row: Pick<
    DeliveryRow,
    'status' | 'paidAt' | 'reattemptedAt' | 'distanceMeters' | 'interstate' | 'transportMode' | 'deliveryType' | 'deliveryDate' | 'deliveryTime'
  >,
  now: Date = new Date(),
): DeliveryWindow | null {
  if (!promisesArrival(row.status)) return null;
  if (row.reattemptedAt) return reattemptWindow(RATE_CARD, row.transportMode as Delivery['transportMode'], row.distanceMeters, row.reattemptedAt);
  return estimateDeliveryWindow(RATE_CARD, {
    distanceMeters: row.distanceMeters,
    interstate: row.interstate,
    transportMode: row.transportMode as Delivery['transportMode'],
    deliveryType: row.deliveryType as Delivery['deliveryType'],
    deliveryDate: row.deliveryDate,
    deliveryTime: row.deliveryTime as Delivery['deliveryTime'],
    startAt: row.paidAt ?? now,
  });
}

type CodColumns = Pick<DeliveryRow, 'codAmountKobo' | 'codFeeKobo' | 'codReserveKobo' | 'codPaidAt'>;

/** A pay-on-delivery order's terms and whether the receiver has paid; null for a prepaid order. */
export function codView(row: CodColumns): Delivery['cod'] {
  if (row.codAmountKobo === null) return null;
  return {
    amountKobo: row.codAmountKobo,
    feeKobo: row.codFeeKobo ?? 0,
    reserveKobo: row.codReserveKobo ?? 0,
    paidAt: row.codPaidAt?.toISOString() ?? null,
  };
}

/** What paying the booking costs: its delivery fee and, for pay on delivery, the return reserve (decision 053). */
export const amountDueOf = (row: Pick<DeliveryRow, 'totalKobo' | 'codReserveKobo'>) => row.totalKobo + (row.codReserveKobo ?? 0);

export const windowView = (window: DeliveryWindow) => ({ from: window.from.toISOString(), to: window.to.toISOString() });

export function toDelivery(row: DeliveryRow): Delivery {
  const estimate = estimatedDeliveryOf(row);
  return {
    id: formatDeliveryId(row.number),
    livemode: row.livemode,
    trackingId: row.trackingId,
    receiverName: row.receiverName,
    receiverPhone: row.receiverPhone,
    receiverLanguage: row.receiverLanguage as Delivery['receiverLanguage'],
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    packageType: row.packageType as Delivery['packageType'],
    packageWeight: row.packageWeight as Delivery['packageWeight'],
    transportMode: row.transportMode as Delivery['transportMode'],
    deliveryType: row.deliveryType as Delivery['deliveryType'],
    deliveryTime: row.deliveryTime as Delivery['deliveryTime'],
    deliveryDate: row.deliveryDate,
    description: row.description,
    route: `${row.pickupLocation} → ${row.dropoffLocation}`,
    status: row.status,
    displayStatus: DISPLAY_STATUS_OF[row.status],
    price: {
      baseFare: row.baseFareKobo,
      distanceFee: row.distanceFeeKobo,
      serviceFee: row.serviceFeeKobo,
      total: row.totalKobo,
    },
    priceLockedUntil: row.priceLockedUntil.toISOString(),
    distanceMeters: row.distanceMeters,
    interstate: row.interstate,
    estimatedDelivery: estimate && windowView(estimate),
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    date: lagosDate(row.createdAt),
    canCancel: isCancellable(row.status),
    cod: codView(row),
  };
}

/**
 * The delivery as the merchant API gives it (`v1DeliverySchema`): the web's delivery with `object`, `livemode`, the
 * merchant's reference and `updatedAt`. The one mapping of a v1 delivery: GET /api/v1/deliveries/{id} and the rest of
 * /api/v1 answer with it, and every webhook event's `data` is it, as the delivery was when the event was relayed
 * (decision 054).
 */
export function toV1Delivery(row: DeliveryRow): V1Delivery {
  return {
    object: 'delivery',
    ...toDelivery(row),
    livemode: row.livemode,
    externalReference: row.externalReference,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryListItem(row: DeliveryListRow): DeliveryListItem {
  const estimate = estimatedDeliveryOf(row);
  return {
    id: formatDeliveryId(row.number),
    livemode: row.livemode,
    trackingId: row.trackingId,
    route: `${row.pickupLocation} → ${row.dropoffLocation}`,
    status: row.status,
    displayStatus: DISPLAY_STATUS_OF[row.status],
    price: { total: row.totalKobo },
    priceLockedUntil: row.priceLockedUntil.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    date: lagosDate(row.createdAt),
    canCancel: isCancellable(row.status),
    estimatedDelivery: estimate && windowView(estimate),
    cod: codView(row),
    failedAttempt: row.status === 'failed_attempt' ? parseFailedAttemptNote(row.failedAttemptNote) : null,
  };
}
