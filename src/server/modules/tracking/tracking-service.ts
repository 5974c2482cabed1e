import { AppError } from '../../lib/app-error.js';
import { formatDeliveryId, normalizeTrackingId } from '../../../shared/ids.js';
import {
  DISPLAY_STATUS_OF,
  journeyStepsOf,
  parseFailedAttemptNote,
  timelineStates,
  type TrackingResult,
} from '../../../shared/schemas/deliveries.js';
import type { DeliveriesService, DeliveryEventRow, DeliveryRow } from '../deliveries/deliveries-service.js';
import type { DriversService } from '../drivers/drivers-service.js';
import { codView, estimatedDeliveryOf, windowView } from '../deliveries/delivery-view.js';

/** When each step last happened: a step repeated (out for delivery after a re-attempt) shows its latest time. */
export function lastEventAt(events: DeliveryEventRow[], status: string): string | null {
  return events.findLast((e) => e.status === status)?.createdAt.toISOString() ?? null;
}

/** The road so far and what is left of it (journeyStepsOf, timelineStates); a reached step shows when it happened. */
export function buildSteps(row: Pick<DeliveryRow, 'status'>, events: DeliveryEventRow[]): TrackingResult['steps'] {
  const keys = journeyStepsOf(row.status, events.some((e) => e.status === 'failed_attempt'));
  return timelineStates(keys, row.status, (key) => lastEventAt(events, key) !== null).map(({ key, state }) => ({
    key,
    state,
    at: state === 'pending' ? null : lastEventAt(events, key),
  }));
}

/** The last failed attempt, with the reason and the note the driver recorded; null when no attempt failed. */
export function lastFailedAttemptOf(events: DeliveryEventRow[]): TrackingResult['failedAttempt'] {
  const event = events.findLast((e) => e.status === 'failed_attempt');
  const failed = event ? parseFailedAttemptNote(event.note ?? null) : null;
  return event && failed ? { ...failed, at: event.createdAt.toISOString() } : null;
}

/** When it should arrive (a window), or, once delivered, when it did (from = to); null when it promises no arrival. */
export function trackedEstimateOf(row: DeliveryRow, events: DeliveryEventRow[]): { from: string; to: string } | null {
  if (row.status === 'delivered') {
    const delivered = events.findLast((e) => e.status === 'delivered');
    if (delivered) return { from: delivered.createdAt.toISOString(), to: delivered.createdAt.toISOString() };
  }
  const window = estimatedDeliveryOf(row);
  return window && windowView(window);
}

/** The driver as the customer sees them: the customers' real average (live from the driver's totals) and reviews. */
async function driverOf(row: DeliveryRow, drivers: Pick<DriversService, 'find'>): Promise<TrackingResult['driver']> {
  // A driver who signed up by email has no phone on record: still the customer's driver ('' for the phone).
  if (!row.driverName) return null;
  const driver = row.driverId ? await drivers.find(row.driverId) : null;
  return {
    name: row.driverName,
    phone: row.driverPhone ?? '',
    rating: driver ? (driver.rating ?? 0) : (row.driverRating ?? 0) / 10,
    reviews: driver ? driver.reviews : (row.driverReviews ?? 0),
  };
}

export function createTrackingService(
  deliveries: Pick<DeliveriesService, 'findByTrackingIdWithEvents' | 'trackingIdOfOwned'>,
  drivers: Pick<DriversService, 'find' | 'findRating'>,
) {
  return {
    async trackDelivery(userId: string, rawTrackingId: string): Promise<TrackingResult> {
      if (rawTrackingId.trim() === '') {
        throw new AppError('INVALID_TRACKING_ID');
      }
      // The owner may type either id: My Deliveries shows the delivery id (LF008), messages the tracking id.
      const trackingId = normalizeTrackingId(rawTrackingId) ?? (await deliveries.trackingIdOfOwned(userId, rawTrackingId));
      const found = trackingId ? await deliveries.findByTrackingIdWithEvents(trackingId, userId) : null;
      if (!found?.delivery.trackingId) throw new AppError('TRACKING_NOT_FOUND');
      const { delivery: row, events } = found;
      const rowTrackingId = found.delivery.trackingId;
      const cod = codView(row);
      return {
        trackingId: rowTrackingId,
        deliveryId: formatDeliveryId(row.number),
        livemode: row.livemode,
        status: row.status,
        displayStatus: DISPLAY_STATUS_OF[row.status],
        estimatedDelivery: trackedEstimateOf(row, events),
        steps: buildSteps(row, events),
        failedAttempt: lastFailedAttemptOf(events),
        driver: await driverOf(row, drivers),
        myRating: row.status === 'delivered' ? await drivers.findRating(row.id) : null,
        // The owner sees the amount to collect and whether the receiver has paid (decision 053).
        cod: cod && { amountKobo: cod.amountKobo, feeKobo: cod.feeKobo, reserveKobo: cod.reserveKobo, paid: cod.paidAt !== null },
        packageDetails: {
          type: row.packageType as TrackingResult['packageDetails']['type'],
          weight: row.packageWeight as TrackingResult['packageDetails']['weight'],
          pickup: row.pickupLocation,
          dropoff: row.dropoffLocation,
          recipient: row.receiverName,
          recipientPhone: row.receiverPhone,
          description: row.description,
        },
      };
    },
  };
}
export type TrackingService = ReturnType<typeof createTrackingService>;
