import { z } from 'zod';
import { LANGUAGES } from '../i18n.js';
import { DELIVERY_STATUSES, DISPLAY_STATUSES, TRACKING_STEPS, deliveryWindowSchema } from './deliveries.js';

/**
 * The public tracking page (`/track/{trackingId}`, no sign-in) and its data (`GET /api/track/{trackingId}`): what a
 * receiver may see of a delivery. Nothing here identifies a person or a door: areas, a first name and an initial,
 * a driver's first name (docs/decisions/036).
 */

/**
 * The public timeline's first steps, before the road's (journeyStepsOf, the owner's too); a cancelled delivery's
 * timeline ends with `cancelled`.
 */
export const PUBLIC_FIRST_STEPS = ['pending', 'driver_assigned'] as const;
export const PUBLIC_TIMELINE_STEPS = [...PUBLIC_FIRST_STEPS, ...TRACKING_STEPS, 'cancelled'] as const;
export type PublicTimelineStep = (typeof PUBLIC_TIMELINE_STEPS)[number];

export const publicTrackingParamsSchema = z.object({ trackingId: z.string().max(40) });
/** The page answers any id with a page (not found, if need be), never a JSON error. */
export const publicTrackingPageParamsSchema = z.object({ trackingId: z.string() });

/** `?lng=` picks the page's language; anything but one of the eight is ignored (the receiver's language stays). */
export const publicTrackingQuerySchema = z.object({ lng: z.unknown().optional() });

export const publicTrackingSchema = z.object({
  trackingId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  /** When it should arrive; when it arrived once delivered; null when it promises no arrival (promisesArrival). */
  estimatedDelivery: deliveryWindowSchema.nullable(),
  /** The receiver's language: the page's unless `?lng=` says otherwise. */
  language: z.enum(LANGUAGES),
  /** First name and the initial of the last: "Chinedu E.". */
  receiver: z.string(),
  /** The area of each address (its last comma-separated part), never the street; null when none can be told apart. */
  pickupArea: z.string().nullable(),
  dropoffArea: z.string().nullable(),
  driver: z.object({ firstName: z.string() }).nullable(),
  /**
   * Pay on delivery: only whether the receiver has paid, while that still matters (codPaymentStateOf); never the
   * amount, which tells a stranger what the parcel is worth (decision 053). Null for a prepaid delivery.
   */
  cod: z.object({ paid: z.boolean() }).nullable(),
  steps: z.array(
    z.object({
      key: z.enum(PUBLIC_TIMELINE_STEPS),
      state: z.enum(['completed', 'current', 'pending']),
      at: z.string().nullable(),
    }),
  ),
});
export type PublicTracking = z.infer<typeof publicTrackingSchema>;
