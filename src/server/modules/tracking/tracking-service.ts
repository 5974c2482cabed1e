import { AppError } from '../../lib/app-error.js';
import { formatDeliveryId, normalizeTrackingId } from '../../../shared/ids.js';
import {
  DISPLAY_STATUS_OF,
  TRACKING_STEPS,
  type TrackingResult,
} from '../../../shared/schemas/deliveries.js';
import type { DeliveriesService, DeliveryEventRow, DeliveryRow } from '../deliveries/deliveries-service.js';
import type { DriversService } from '../drivers/drivers-service.js';
import { estimatedDeliveryOf, windowView } from '../deliveries/delivery-view.js';

type StepState = TrackingResult['steps'][number]['state'];

/** Steps before the delivery's status are completed, its own is current (delivered: completed), later ones pending. */
export function buildSteps(row: DeliveryRow, events: DeliveryEventRow[]): TrackingResult['steps'] {
  const reached = TRACKING_STEPS.indexOf(row.status as (typeof TRACKING_STEPS)[number]);
  return TRACKING_STEPS.map((key, index) => {
    let state: StepState = 'pending';
    if (reached >= 0 && index < reached) state = 'completed';
    else if (index === reached) state = key === 'delivered' ? 'completed' : 'current';
    const event = events.findLast((e) => e.status === key);
    return { key, state, at: state === 'pending' ? null : (event?.createdAt.toISOString() ?? null) };
  });
}

/** When it should arrive (a window), or, once delivered, when it did (from = to); null once cancelled. */
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
  deliveries: Pick<DeliveriesService, 'findByTrackingIdWithEvents'>,
  drivers: Pick<DriversService, 'find' | 'findRating'>,
) {
  return {
    async trackDelivery(userId: string, rawTrackingId: string): Promise<TrackingResult> {
      if (rawTrackingId.trim() === '') {
        throw new AppError('INVALID_TRACKING_ID');
      }
      const trackingId = normalizeTrackingId(rawTrackingId);
      const found = trackingId ? await deliveries.findByTrackingIdWithEvents(trackingId, userId) : null;
      if (!found?.delivery.trackingId) throw new AppError('TRACKING_NOT_FOUND');
      const { delivery: row, events } = found;
      const rowTrackingId = found.delivery.trackingId;
      return {
        trackingId: rowTrackingId,
        deliveryId: formatDeliveryId(row.number),
        livemode: row.livemode,
        status: row.status,
        displayStatus: DISPLAY_STATUS_OF[row.status],
        // Tracking finds only paid deliveries, never cancelled ones without a tracking id.
        estimatedDelivery: trackedEstimateOf(row, events) ?? { from: row.updatedAt.toISOString(), to: row.updatedAt.toISOString() },
        steps: buildSteps(row, events),
        driver: await driverOf(row, drivers),
        myRating: row.status === 'delivered' ? await drivers.findRating(row.id) : null,
        // The owner sees the amount to collect and whether the receiver has paid (decision 053).
        cod: row.codAmountKobo === null ? null : { amountKobo: row.codAmountKobo, paid: row.codPaidAt !== null },
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
