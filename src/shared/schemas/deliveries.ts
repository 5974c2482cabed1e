import { z } from 'zod';

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

/** The spec's validation messages for the booking form. */
export const BOOKING_MESSAGES = {
  receiverName: 'Receiver name is required',
  receiverPhone: 'Receiver phone number is required',
  pickupLocation: 'Pickup location is required',
  dropoffLocation: 'Dropoff location is required',
  packageType: 'Package type is required',
  packageWeight: 'Package weight is required',
  transportMode: 'Mode of transportation is required',
  deliveryType: 'Delivery type is required',
  deliveryTime: 'Delivery time is required',
  deliveryDate: 'Delivery date is required',
  deliveryDateInvalid: 'Delivery date must be today or later',
  deliveryDateTooFar: 'Delivery date must be within the next year',
  receiverPhoneInvalid: 'Enter a valid phone number',
  tooLong: 'This is too long',
} as const;

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, BOOKING_MESSAGES.tooLong);
const option = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export const bookingBodySchema = z.object({
  receiverName: required(BOOKING_MESSAGES.receiverName, 100),
  receiverPhone: required(BOOKING_MESSAGES.receiverPhone, 24).regex(
    /^\+?[\d\s()-]{7,24}$/,
    BOOKING_MESSAGES.receiverPhoneInvalid,
  ),
  pickupLocation: required(BOOKING_MESSAGES.pickupLocation, 200),
  dropoffLocation: required(BOOKING_MESSAGES.dropoffLocation, 200),
  packageType: option(PACKAGE_TYPES, BOOKING_MESSAGES.packageType),
  packageWeight: option(PACKAGE_WEIGHTS, BOOKING_MESSAGES.packageWeight),
  transportMode: option(TRANSPORT_MODES, BOOKING_MESSAGES.transportMode),
  deliveryType: option(DELIVERY_TYPES, BOOKING_MESSAGES.deliveryType),
  deliveryTime: option(DELIVERY_TIMES, BOOKING_MESSAGES.deliveryTime),
  deliveryDate: z.iso.date({ error: BOOKING_MESSAGES.deliveryDate }),
  description: z.string().trim().max(500, BOOKING_MESSAGES.tooLong).optional(),
});
export type BookingBody = z.infer<typeof bookingBodySchema>;

export const DELIVERY_STATUSES = [
  'awaiting_payment',
  'pending',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The spec's three list statuses (plus cancelled) that the table, filter and badges show. */
export const DISPLAY_STATUSES = ['pending', 'in_transit', 'delivered', 'cancelled'] as const;
export type DisplayStatus = (typeof DISPLAY_STATUSES)[number];
export const DISPLAY_STATUS_OF: Record<DeliveryStatus, DisplayStatus> = {
  awaiting_payment: 'pending',
  pending: 'pending',
  picked_up: 'in_transit',
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

export const priceSchema = z.object({
  baseFare: z.number().int(),
  distanceFee: z.number().int(),
  serviceFee: z.number().int(),
  total: z.number().int(),
});

export const deliverySchema = bookingBodySchema.extend({
  /** LF001 … */
  id: z.string(),
  trackingId: z.string().nullable(),
  description: z.string().nullable(),
  route: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  /** Integer kobo. */
  price: priceSchema,
  priceLockedUntil: z.string(),
  paymentMethod: z.enum(['wallet', 'card']).nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** YYYY-MM-DD of creation, as the spec's list shows. */
  date: z.string(),
  canCancel: z.boolean(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveryIdParamsSchema = z.object({ id: z.string().trim().max(20) });

export const deliveriesQuerySchema = z.object({
  status: z.enum(['all', 'pending', 'in_transit', 'delivered', 'cancelled']).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A row of My Deliveries and of Recent Deliveries: what the lists show and act on, nothing more. Lists are the
 * hottest reads, and a third of the bytes makes them markedly cheaper to send.
 */
export const deliveryListItemSchema = deliverySchema
  .pick({
    id: true,
    trackingId: true,
    route: true,
    status: true,
    displayStatus: true,
    paidAt: true,
    date: true,
    canCancel: true,
  })
  .extend({ price: priceSchema.pick({ total: true }) });
export type DeliveryListItem = z.infer<typeof deliveryListItemSchema>;

export const deliveriesPageSchema = z.object({
  items: z.array(deliveryListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const dashboardSummarySchema = z.object({
  activeDeliveries: z.number().int(),
  totalDelivered: z.number().int(),
  walletBalance: z.number().int(),
  totalSpent: z.number().int(),
  recentDeliveries: z.array(deliveryListItemSchema),
});

export const TRACKING_MESSAGES = {
  invalid: 'Please enter a valid tracking ID',
  notFound: "We couldn't find a delivery with that tracking ID.",
} as const;

/** Blank is checked by the service (the spec's message); the shape only bounds the input. */
export const trackingParamsSchema = z.object({ trackingId: z.string().max(40) });

/** Minutes from payment to the estimated delivery (spec section 9: "45 minutes"). */
export const ESTIMATED_DELIVERY_MINUTES = 45;

export const TRACKING_STEPS = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const;

export const trackingResultSchema = z.object({
  trackingId: z.string(),
  deliveryId: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  estimatedDelivery: z.string(),
  steps: z.array(
    z.object({
      key: z.enum(TRACKING_STEPS),
      state: z.enum(['completed', 'current', 'pending']),
      at: z.string().nullable(),
    }),
  ),
  driver: z.object({ name: z.string(), phone: z.string(), rating: z.number(), reviews: z.number().int() }).nullable(),
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
