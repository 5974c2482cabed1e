import { z } from 'zod';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';
import { dateRangeShape, refineDateRange } from './date-range.js';
import { LANGUAGES } from '../i18n.js';
import { RATE_CARD } from '../pricing.js';
import type { ScheduleProblem } from '../eta.js';
import { PLACE_MESSAGE_KEYS, locationInputSchema } from './places.js';
import { DELIVERY_DESCRIPTION_MAX } from '../rule-limits.js';

/** Option values are stable codes; their labels are translated (`booking.options.<field>.<value>`). */
export const PACKAGE_TYPES = ['documents', 'electronics', 'clothing', 'food', 'other'] as const;
export const PACKAGE_WEIGHTS = ['light', 'medium', 'heavy'] as const;
export const TRANSPORT_MODES = ['bike', 'car', 'van', 'truck'] as const;
export const DELIVERY_TYPES = ['standard', 'express', 'same_day'] as const;
export const DELIVERY_TIMES = ['morning', 'afternoon', 'evening'] as const;

export type PackageType = (typeof PACKAGE_TYPES)[number];
export type PackageWeight = (typeof PACKAGE_WEIGHTS)[number];
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export type DeliveryTime = (typeof DELIVERY_TIMES)[number];

/** i18n keys of the booking form's messages; the server's catalogue (lib/messages.ts) holds their English. */
export const BOOKING_MESSAGE_KEYS = {
  receiverName: 'booking.validation.receiverName',
  receiverPhone: 'booking.validation.receiverPhone',
  pickupLocation: 'booking.validation.pickupLocation',
  dropoffLocation: 'booking.validation.dropoffLocation',
  packageType: 'booking.validation.packageType',
  packageWeight: 'booking.validation.packageWeight',
  transportMode: 'booking.validation.transportMode',
  deliveryType: 'booking.validation.deliveryType',
  deliveryTime: 'booking.validation.deliveryTime',
  deliveryDate: 'booking.validation.deliveryDate',
  deliveryDateInvalid: 'booking.validation.deliveryDateInvalid',
  deliveryDateTooFar: 'booking.validation.deliveryDateTooFar',
  deliveryTimeEnded: 'booking.validation.deliveryTimeEnded',
  sameDayTooLate: 'booking.validation.sameDayTooLate',
  receiverPhoneInvalid: 'booking.validation.receiverPhoneInvalid',
  receiverLanguage: 'booking.validation.receiverLanguage',
  tooLong: 'booking.validation.tooLong',
  codAmount: 'booking.validation.codAmount',
} as const;

/** Where a booking's schedule problem (src/shared/eta.ts) is shown, and what it says there. */
export const SCHEDULE_PROBLEM_FIELDS = {
  slot_ended: { field: 'deliveryTime', key: BOOKING_MESSAGE_KEYS.deliveryTimeEnded },
  same_day_too_late: { field: 'deliveryType', key: BOOKING_MESSAGE_KEYS.sameDayTooLate },
} as const satisfies Record<ScheduleProblem, { field: string; key: string }>;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, BOOKING_MESSAGE_KEYS.tooLong);
const option = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

/** The priced options of a booking and of a quote. */
export const bookingOptionsShape = {
  packageType: option(PACKAGE_TYPES, BOOKING_MESSAGE_KEYS.packageType),
  packageWeight: option(PACKAGE_WEIGHTS, BOOKING_MESSAGE_KEYS.packageWeight),
  transportMode: option(TRANSPORT_MODES, BOOKING_MESSAGE_KEYS.transportMode),
  deliveryType: option(DELIVERY_TYPES, BOOKING_MESSAGE_KEYS.deliveryType),
  deliveryTime: option(DELIVERY_TIMES, BOOKING_MESSAGE_KEYS.deliveryTime),
  deliveryDate: z.iso.date({ error: BOOKING_MESSAGE_KEYS.deliveryDate }),
};

/**
 * A receiver's phone as a person writes it: digits with spaces, brackets or hyphens, a leading + at most. Ten to
 * fifteen digits once those are dropped, so a Nigerian 0803 123 4567 or +234 803 123 4567 and any E.164 number pass
 * and punctuation alone does not. A digit count, not libphonenumber's metadata, which would weigh on the booking
 * form's bundle; the SMS side still normalises the number (normalizePhone) before texting it.
 */
export function isReceiverPhone(raw: string): boolean {
  return /^\+?[\d\s()-]+$/.test(raw) && /^\+?\d{10,15}$/.test(raw.replace(/[\s()-]/g, ''));
}

/** Who receives the parcel, and what it is: the fields a quote does not carry. */
const receiverShape = {
  receiverName: required(BOOKING_MESSAGE_KEYS.receiverName, 100),
  receiverPhone: required(BOOKING_MESSAGE_KEYS.receiverPhone, 24).refine(isReceiverPhone, BOOKING_MESSAGE_KEYS.receiverPhoneInvalid),
  description: z.string().trim().max(DELIVERY_DESCRIPTION_MAX, BOOKING_MESSAGE_KEYS.tooLong).optional(),
  /** The language of the receiver's messages and public tracking page; the sender's account language when omitted. */
  receiverLanguage: option(LANGUAGES, BOOKING_MESSAGE_KEYS.receiverLanguage).optional(),
};

/**
 * Pay on delivery (decision 053): the amount the receiver pays by link, whole kobo from ₦100 to ₦500,000 (the rate
 * card's bounds). A booking and a quote take it.
 */
export const collectOnDeliverySchema = z.strictObject({
  amountKobo: z
    .number({ error: BOOKING_MESSAGE_KEYS.codAmount })
    .int(BOOKING_MESSAGE_KEYS.codAmount)
    .min(RATE_CARD.cod.minAmountKobo, BOOKING_MESSAGE_KEYS.codAmount)
    .max(RATE_CARD.cod.maxAmountKobo, BOOKING_MESSAGE_KEYS.codAmount),
});
export type CollectOnDelivery = z.infer<typeof collectOnDeliverySchema>;

/**
 * What a booking or quote body takes: any number, so that an amount out of bounds or with a fraction of a kobo is the
 * business rule's 422 (COD_AMOUNT_INVALID, checked by the server with collectOnDeliverySchema), not a malformed body.
 */
export const collectOnDeliveryBodySchema = z.strictObject({ amountKobo: z.number({ error: BOOKING_MESSAGE_KEYS.codAmount }) });

/** A pay-on-delivery order's terms and state, as its owner, its driver and the merchant API see them. */
export const codSchema = z.object({
  amountKobo: z.number().int(),
  feeKobo: z.number().int(),
  reserveKobo: z.number().int(),
  /** When the receiver paid (into escrow); null while unpaid. */
  paidAt: z.string().nullable(),
});
export type Cod = z.infer<typeof codSchema>;

/** The specification's booking form: every field, with the pickup and dropoff as text. */
export const bookingFormSchema = z.object({
  receiverName: receiverShape.receiverName,
  receiverPhone: receiverShape.receiverPhone,
  pickupLocation: required(BOOKING_MESSAGE_KEYS.pickupLocation, 200),
  dropoffLocation: required(BOOKING_MESSAGE_KEYS.dropoffLocation, 200),
  ...bookingOptionsShape,
  description: receiverShape.description,
  receiverLanguage: receiverShape.receiverLanguage,
});

/** The booking form's fields, in its order: derived from the schema so the list is written once. */
export const BOOKING_FIELDS = bookingFormSchema.keyof().options;

const QUOTED_FIELDS = ['pickupLocation', 'dropoffLocation', ...(Object.keys(bookingOptionsShape) as (keyof typeof bookingOptionsShape)[])] as const;
const FIELD_REQUIRED: Record<(typeof QUOTED_FIELDS)[number], string> = {
  pickupLocation: BOOKING_MESSAGE_KEYS.pickupLocation,
  dropoffLocation: BOOKING_MESSAGE_KEYS.dropoffLocation,
  packageType: BOOKING_MESSAGE_KEYS.packageType,
  packageWeight: BOOKING_MESSAGE_KEYS.packageWeight,
  transportMode: BOOKING_MESSAGE_KEYS.transportMode,
  deliveryType: BOOKING_MESSAGE_KEYS.deliveryType,
  deliveryTime: BOOKING_MESSAGE_KEYS.deliveryTime,
  deliveryDate: BOOKING_MESSAGE_KEYS.deliveryDate,
};

/**
 * POST /book-delivery and /update-booking/{id}: either `{ quoteId, …receiver fields }`, charged at the quote's
 * price, or the form's fields (quoted internally). `pickup` and `dropoff` name the places exactly; without them the
 * text of pickupLocation and dropoffLocation is looked up in the gazetteer.
 */
export const bookingBodySchema = z
  .object({
    ...receiverShape,
    quoteId: z.uuid({ error: PLACE_MESSAGE_KEYS.quoteId }).optional(),
    pickup: locationInputSchema.optional(),
    dropoff: locationInputSchema.optional(),
    pickupLocation: bookingFormSchema.shape.pickupLocation.optional(),
    dropoffLocation: bookingFormSchema.shape.dropoffLocation.optional(),
    packageType: bookingOptionsShape.packageType.optional(),
    packageWeight: bookingOptionsShape.packageWeight.optional(),
    transportMode: bookingOptionsShape.transportMode.optional(),
    deliveryType: bookingOptionsShape.deliveryType.optional(),
    deliveryTime: bookingOptionsShape.deliveryTime.optional(),
    deliveryDate: bookingOptionsShape.deliveryDate.optional(),
    collectOnDelivery: collectOnDeliveryBodySchema.optional(),
  })
  .superRefine(
    (body, ctx) => {
      // Runs even when the shape failed (to name every missing field), so the body may be anything.
      if (typeof body !== 'object' || body === null || body.quoteId !== undefined) return;
      for (const field of QUOTED_FIELDS) {
        const given =
          field === 'pickupLocation' ? body.pickup !== undefined || body.pickupLocation !== undefined
          : field === 'dropoffLocation' ? body.dropoff !== undefined || body.dropoffLocation !== undefined
          : body[field] !== undefined;
        if (!given) ctx.addIssue({ code: 'custom', path: [field], message: FIELD_REQUIRED[field] });
      }
    },
    // Every missing field is named, even when another field is also wrong.
    { when: () => true } as never,
  );
export type BookingBody = z.infer<typeof bookingBodySchema>;
export type BookingForm = z.infer<typeof bookingFormSchema>;

export const DELIVERY_STATUSES = [
  'awaiting_payment',
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  // The receiver could not be handed the parcel; the operator or the shipper decides: try again, or return it.
  'failed_attempt',
  // On its way back to the shipper's pickup contact.
  'returning',
  'delivered',
  'returned',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * The spec's three list statuses (plus cancelled, and returned, which has its own badge) that the table, filter and
 * badges show: a failed attempt and a return on its way still count as in transit.
 */
export const DISPLAY_STATUSES = ['pending', 'in_transit', 'delivered', 'returned', 'cancelled'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export const DISPLAY_STATUS_OF: Record<DeliveryStatus, DisplayStatus> = {
  awaiting_payment: 'pending',
  pending: 'pending',
  picked_up: 'in_transit',
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  failed_attempt: 'in_transit',
  returning: 'in_transit',
  delivered: 'delivered',
  returned: 'returned',
  cancelled: 'cancelled',
};


/**
 * What a status badge says: the display group, except where the group would hide what the user must know. An unpaid
 * booking says "Awaiting payment" instead of looking like a paid one; a failed attempt, which waits for someone's
 * decision, and a parcel going back to the sender say so rather than "In Transit". Only the label differs: My
 * Deliveries' filter and its index keep DISPLAY_STATUS_OF's groups, so an unpaid booking is still found under
 * "Pending" and a failed attempt under "In Transit" (decisions 052 and 082).
 */
export const STATUS_LABELS = ['awaiting_payment', 'failed_attempt', 'returning', ...DISPLAY_STATUSES] as const;
export type StatusLabel = (typeof STATUS_LABELS)[number];
const STATUS_LABEL_OF: Record<DeliveryStatus, StatusLabel> = {
  ...DISPLAY_STATUS_OF,
  awaiting_payment: 'awaiting_payment',
  failed_attempt: 'failed_attempt',
  returning: 'returning',
};
export function statusLabelOf(status: DeliveryStatus): StatusLabel {
  return STATUS_LABEL_OF[status];
}

/**
 * Whether a delivery still has an arrival to promise: not once cancelled or going back to the sender, nor while a
 * failed attempt waits for a decision (the booked window has passed, and it may never come; decision 085).
 */
export function promisesArrival(status: DeliveryStatus): boolean {
  return status !== 'cancelled' && status !== 'failed_attempt' && status !== 'returning' && status !== 'returned';
}

/**
 * What the screens say of a pay-on-delivery receiver's payment (decision 053): "Paid" or "Awaiting payment" while the
 * parcel can still reach the receiver or has reached them; nothing before the booking is paid, nor once it is
 * cancelled or on its way back (whatever the receiver paid then goes back to them, so neither word would be true).
 */
export type CodPaymentState = 'paid' | 'awaiting';
export function codPaymentStateOf(status: DeliveryStatus, paid: boolean): CodPaymentState | null {
  if (status === 'awaiting_payment' || status === 'cancelled' || status === 'returning' || status === 'returned') return null;
  return paid ? 'paid' : 'awaiting';
}

/** When a parcel should arrive: a window, ISO instants. */
export const deliveryWindowSchema = z.object({ from: z.string(), to: z.string() });

export const priceSchema = z.object({
  baseFare: z.number().int(),
  distanceFee: z.number().int(),
  serviceFee: z.number().int(),
  total: z.number().int(),
});

export const deliverySchema = bookingFormSchema.extend({
  /** LF001 … */
  id: z.string(),
  /** False for a test delivery, booked with a test API key (decision 076): every screen that shows it says "Test". */
  livemode: z.boolean(),
  trackingId: z.string().nullable(),
  description: z.string().nullable(),
  receiverLanguage: z.enum(LANGUAGES),
  route: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  /** Integer kobo. */
  price: priceSchema,
  priceLockedUntil: z.string(),
  /** Road distance in metres; null for a booking made before places were measured ("distance unknown"). */
  distanceMeters: z.number().int().nullable(),
  interstate: z.boolean().nullable(),
  /** When it should arrive; null once cancelled. */
  estimatedDelivery: deliveryWindowSchema.nullable(),
  paymentMethod: z.enum(['wallet', 'card']).nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** YYYY-MM-DD of creation, as the spec's list shows. */
  date: z.string(),
  canCancel: z.boolean(),
  /** Pay on delivery; null for a prepaid order. */
  cod: codSchema.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryIdParamsSchema = z.object({ id: z.string().trim().max(20) });

/**
 * Which of an account's deliveries a list shows (decision 079): the live ones, or the test ones booked with a test API
 * key, never both at once (Stripe's test-mode view). Live unless asked: every list and its search and export follow it.
 */
export const DELIVERY_MODES = ['live', 'test'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DELIVERY_MODE_MESSAGE_KEY = 'deliveries.validation.mode';
export const deliveryModeSchema = z.enum(DELIVERY_MODES, { error: DELIVERY_MODE_MESSAGE_KEY }).default('live');
/** A mode as the deliveries' `livemode` column holds it. */
export const livemodeOf = (mode: DeliveryMode): boolean => mode === 'live';
/** A mode read from a page's address: anything but `test` is the default, live. */
export const parseDeliveryMode = (value: string | null | undefined): DeliveryMode => (value === 'test' ? 'test' : 'live');

/**
 * GET /api/deliveries/test-mode: whether My Deliveries offers its test-deliveries switch (decision 079): when the
 * account has a test delivery, or an unrevoked API key that could book one. Everyone else never sees test mode.
 */
export const testModeAvailabilitySchema = z.object({ available: z.boolean() });
export type TestModeAvailability = z.infer<typeof testModeAvailabilitySchema>;

/** My Deliveries: a status filter, a date range (of booking, decision 057) and a keyset page (decision 049). */
/** My Deliveries' filters, the same for its pages and its CSV export: status group, kind (decision 053). */
const listFiltersShape = {
  status: z.enum(['all', 'pending', 'in_transit', 'delivered', 'returned', 'cancelled']).default('all'),
  /** Only pay-on-delivery orders (decision 053). */
  kind: z.enum(['all', 'pay_on_delivery']).default('all'),
};

export const deliveriesQuerySchema = cursorQuerySchema
  .extend({
    /** Live deliveries, or only the test ones (decision 079). */
    mode: deliveryModeSchema,
    ...listFiltersShape,
    ...dateRangeShape,
  })
  .superRefine(refineDateRange);

/** Why a driver could not hand the parcel over (POST /api/driver/jobs/{id}/failed-attempt). */
export const FAILED_ATTEMPT_REASONS = ['receiver_unavailable', 'refused', 'wrong_address', 'cod_unpaid', 'unsafe_location', 'other'] as const;
export type FailedAttemptReason = (typeof FAILED_ATTEMPT_REASONS)[number];

/**
 * A row of My Deliveries and of Recent Deliveries: what the lists show and act on, nothing more. Lists are the
 * hottest reads, and a third of the bytes makes them markedly cheaper to send.
 */
export const deliveryListItemSchema = deliverySchema
  .pick({
    id: true,
    livemode: true,
    trackingId: true,
    route: true,
    status: true,
    displayStatus: true,
    /** An unpaid booking says how long its price is held (decision 052). */
    priceLockedUntil: true,
    paidAt: true,
    date: true,
    canCancel: true,
    estimatedDelivery: true,
    cod: true,
  })
  .extend({
    price: priceSchema.pick({ total: true }),
    /** Why a failed attempt waiting for a decision failed (decision 090); null for any other status. */
    failedAttempt: z.object({ reason: z.enum(FAILED_ATTEMPT_REASONS), note: z.string() }).nullable(),
  });
export type DeliveryListItem = z.infer<typeof deliveryListItemSchema>;

export const deliveriesPageSchema = cursorPageSchema(deliveryListItemSchema);

/**
 * My Deliveries' search (decision 052): a delivery number or tracking id (exact), or part of a receiver's name or
 * phone number among the owner's newest deliveries (within the date range, when one is given: decision 057).
 * Bounded: at most 50 matches, no further pages.
 */
export const deliverySearchQuerySchema = z
  .object({ q: z.string().trim().min(1).max(60), mode: deliveryModeSchema, ...dateRangeShape })
  .superRefine(refineDateRange);
export const deliverySearchResultSchema = z.object({ items: z.array(deliveryListItemSchema) });

/** My Deliveries' CSV export: what the list shows, by its mode, filters and date range (decisions 057, 079). */
export const deliveriesExportQuerySchema = z.object({ mode: deliveryModeSchema, ...listFiltersShape, ...dateRangeShape }).superRefine(refineDateRange);
export type DeliverySearchResult = z.infer<typeof deliverySearchResultSchema>;

/**
 * GET /api/deliveries/cod-summary: the shipper's pay-on-delivery money (integer kobo), and whether they have
 * pay-on-delivery orders of their own (live ones: test money never reaches the wallet).
 */
export const codSummarySchema = z.object({ collectedKobo: z.number().int(), awaitingKobo: z.number().int(), hasOrders: z.boolean() });
export type CodSummary = z.infer<typeof codSummarySchema>;

/**
 * Whether the wallet shows its pay-on-delivery block (decision 086): to whoever ships such orders, or has a figure
 * in it (a prepaid return's fee can be owed without one); to anyone else, a driver who collects for others
 * included, its zeros would read as money not recorded.
 */
export function showsPayOnDeliveryMoney(summary: CodSummary, owedKobo: number): boolean {
  return summary.hasOrders || summary.collectedKobo > 0 || summary.awaitingKobo > 0 || owedKobo > 0;
}

export const dashboardSummarySchema = z.object({
  activeDeliveries: z.number().int(),
  totalDelivered: z.number().int(),
  walletBalance: z.number().int(),
  totalSpent: z.number().int(),
  recentDeliveries: z.array(deliveryListItemSchema),
});

/** Blank is checked by the service (the spec's message); the shape only bounds the input. */
export const trackingParamsSchema = z.object({ trackingId: z.string().max(40) });

const isFailedAttemptReason = (value: string | undefined): value is FailedAttemptReason => FAILED_ATTEMPT_REASONS.some((reason) => reason === value);

/** A failed attempt's event note (decision 053): `failed:<reason>`, then what the driver wrote, if anything. */
export function failedAttemptEventNote(reason: FailedAttemptReason, note?: string): string {
  return note ? `failed:${reason} ${note}` : `failed:${reason}`;
}

/** The reason and the driver's words of a failed attempt's event note; null for any other note. */
export function parseFailedAttemptNote(note: string | null): { reason: FailedAttemptReason; note: string } | null {
  const failed = note === null ? null : /^failed:(\w+)\s*(.*)$/s.exec(note);
  if (!failed || !isFailedAttemptReason(failed[1])) return null;
  return { reason: failed[1], note: failed[2]?.trim() ?? '' };
}

/** Every step of the road a tracking page may show; journeyStepsOf picks and orders those of one delivery. */
export const TRACKING_STEPS = ['picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'delivered', 'returning', 'returned'] as const;
export type TrackingStep = (typeof TRACKING_STEPS)[number];
export type TrackingStepState = 'completed' | 'current' | 'pending';

/**
 * The road's steps, in the order they happened (decision 085): a failed attempt is a step of its own; a parcel going
 * back ends with its return, never "Delivered"; after a re-attempt the failure comes before the latest "Out for
 * delivery". Only the last failed attempt is shown (there are at most REATTEMPT_LIMIT + 1).
 */
export function journeyStepsOf(status: DeliveryStatus, hasFailedAttempt: boolean): TrackingStep[] {
  const start: TrackingStep[] = ['picked_up', 'in_transit'];
  if (status === 'returning' || status === 'returned') return [...start, 'out_for_delivery', 'failed_attempt', 'returning', 'returned'];
  if (status === 'failed_attempt') return [...start, 'out_for_delivery', 'failed_attempt', 'delivered'];
  if (hasFailedAttempt) return [...start, 'failed_attempt', 'out_for_delivery', 'delivered'];
  return [...start, 'out_for_delivery', 'delivered'];
}

/**
 * Each step's state: up to the furthest one reached (by the status, or by an event of a later step) completed, the
 * furthest current, unless it is an end (delivered, returned), later ones pending.
 */
export function timelineStates<K extends string>(keys: readonly K[], status: DeliveryStatus, hasEvent: (key: K) => boolean) {
  let reached = keys.findIndex((key) => key === status);
  keys.forEach((key, index) => {
    if (index > reached && hasEvent(key)) reached = index;
  });
  return keys.map((key, index) => {
    const ends = key === 'delivered' || key === 'returned';
    const state: TrackingStepState = index > reached ? 'pending' : index < reached || ends ? 'completed' : 'current';
    return { key, state };
  });
}

/** The customer's rating of the driver, once the delivery is delivered. */
export const deliveryRatingSchema = z.object({ stars: z.number().int(), comment: z.string().nullable(), createdAt: z.string() });
export type DeliveryRating = z.infer<typeof deliveryRatingSchema>;

export const trackingResultSchema = z.object({
  trackingId: z.string(),
  deliveryId: z.string(),
  /** False for a test delivery (decision 079): the page says "Test". */
  livemode: z.boolean(),
  status: z.enum(DELIVERY_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  /**
   * When it should arrive, or (from = to) when it arrived; null while a failed attempt waits for a decision and once it
   * goes back to the sender (decision 085).
   */
  estimatedDelivery: deliveryWindowSchema.nullable(),
  steps: z.array(
    z.object({
      key: z.enum(TRACKING_STEPS),
      state: z.enum(['completed', 'current', 'pending']),
      at: z.string().nullable(),
    }),
  ),
  /** The last failed attempt: why, in the driver's words too (only the owner sees them); null when none failed. */
  failedAttempt: z.object({ reason: z.enum(FAILED_ATTEMPT_REASONS), note: z.string(), at: z.string() }).nullable(),
  /** The assigned driver with the customers' real average rating (0 before the first) and number of reviews. */
  driver: z.object({ name: z.string(), phone: z.string(), rating: z.number(), reviews: z.number().int() }).nullable(),
  /** The customer's own rating of this delivery's driver; null until they rate (only possible once delivered). */
  myRating: deliveryRatingSchema.nullable().optional(),
  /**
   * Pay on delivery: what the receiver pays through their link and whether they have paid (into escrow, settled to
   * the shipper at the hand-over); null for a prepaid delivery. From the row the lookup already reads.
   */
  /** A pay-on-delivery order's money as the owner reads it (decision 092): the amount, the fee, the reserve, paid. */
  cod: z.object({ amountKobo: z.number().int(), feeKobo: z.number().int(), reserveKobo: z.number().int(), paid: z.boolean() }).nullable(),
  packageDetails: z.object({
    type: z.enum(PACKAGE_TYPES),
    weight: z.enum(PACKAGE_WEIGHTS),
    pickup: z.string(),
    dropoff: z.string(),
    recipient: z.string(),
    recipientPhone: z.string(),
    description: z.string().nullable(),
  }),
});
export type TrackingResult = z.infer<typeof trackingResultSchema>;
