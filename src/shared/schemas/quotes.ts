import { z } from 'zod';
import { TRANSPORT_MODES, bookingOptionsShape, collectOnDeliveryBodySchema, deliveryWindowSchema, priceSchema } from './deliveries.js';
import { locationInputSchema } from './places.js';
import type { UnavailableReason } from '../pricing.js';

/** Why a mode cannot take a trip, as the form and the error's field say it. */
export const UNAVAILABLE_MESSAGE_KEYS = {
  interstate: 'quotes.unavailable.interstate',
  too_far: 'quotes.unavailable.too_far',
  same_day_too_far: 'quotes.unavailable.same_day_too_far',
} as const satisfies Record<UnavailableReason, string>;

/** How long a quote's price holds: booking and paying must both happen before it expires. */
export const QUOTE_TTL_MS = 15 * 60 * 1000;

export const quoteBodySchema = z.object({
  pickup: locationInputSchema,
  dropoff: locationInputSchema,
  ...bookingOptionsShape,
  collectOnDelivery: collectOnDeliveryBodySchema.optional(),
});
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export const quoteSchema = z.object({
  id: z.string(),
  expiresAt: z.string(),
  distanceMeters: z.number().int(),
  interstate: z.boolean(),
  /** Integer kobo. */
  price: priceSchema,
  estimatedDelivery: deliveryWindowSchema,
  pickup: z.string(),
  dropoff: z.string(),
  /** For a pay-on-delivery quote: the fee kept from the amount, the return reserve paid now, what the shipper gets. */
  cod: z
    .object({ amountKobo: z.number().int(), feeKobo: z.number().int(), reserveKobo: z.number().int(), settledKobo: z.number().int() })
    .nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

const modeRatesSchema = z.object({
  baseFare: z.number().int(),
  perKm: z.number().int(),
  maxMeters: z.number().int().nullable(),
  interstate: z.boolean(),
  pickupMinutes: z.number(),
  cityKmh: z.number(),
  highwayKmh: z.number(),
});

export const rateCardSchema = z.object({
  version: z.string(),
  roadFactor: z.number(),
  includedMeters: z.number().int(),
  distanceFee: z.number().int(),
  heavySurcharge: z.number().int(),
  serviceFee: z.number().int(),
  expressSurcharge: z.number().int(),
  electronicsSurcharge: z.number().int(),
  interstateFee: z.number().int(),
  cityMeters: z.number().int(),
  drivingHoursPerDay: z.number(),
  windowMinutes: z.number(),
  windowShareOfTravel: z.number(),
  cod: z.object({
    feeBasisPoints: z.number().int(),
    minFeeKobo: z.number().int(),
    minAmountKobo: z.number().int(),
    maxAmountKobo: z.number().int(),
    returnSharePercent: z.number(),
  }),
  modes: z.object(Object.fromEntries(TRANSPORT_MODES.map((mode) => [mode, modeRatesSchema])) as Record<
    (typeof TRANSPORT_MODES)[number],
    typeof modeRatesSchema
  >),
});
