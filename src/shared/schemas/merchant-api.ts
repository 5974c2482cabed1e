import { z } from 'zod';
import { ERROR_CODES } from '../errors.js';
import { API_KEY_MODES } from './api-keys.js';
import { DELIVERY_STATUSES, bookingBodySchema, bookingFormSchema, collectOnDeliveryBodySchema, deliverySchema } from './deliveries.js';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';
import { strictLocationInputSchema } from './places.js';
import { quoteBodySchema, quoteSchema } from './quotes.js';

/**
 * The merchant API, `/api/v1` (issue 23): the web's own schemas where they exist, strict (an unknown field is a 400
 * naming it), with examples for the OpenAPI document at /api/docs. Amounts are integer kobo, times ISO 8601.
 */

export const EXTERNAL_REFERENCE_MAX = 100;

/** `{ error: { code, message, params } }`: the stable codes of src/shared/errors.ts, the English of the catalogue. */
export const v1ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      /** A body that failed validation (VALIDATION_FAILED): every field's problem, the first also in the message. */
      details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({
    examples: [{ error: { code: 'INSUFFICIENT_BALANCE', message: 'Your wallet balance is insufficient for this transaction.', params: { shortfallKobo: 125_000 } } }],
  });
export type V1Error = z.infer<typeof v1ErrorSchema>;

/** The web's quote body with every object in it strict: an unknown field anywhere is refused by name. */
export const v1QuoteBodySchema = z.strictObject({ ...quoteBodySchema.shape, pickup: strictLocationInputSchema, dropoff: strictLocationInputSchema }).meta({
  examples: [
    {
      pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '194 Obafemi Awolowo Way' },
      dropoff: { placeId: 'lagos.eti-osa.lekki-phase-1', line: '12 Admiralty Way' },
      packageType: 'clothing',
      packageWeight: 'light',
      transportMode: 'bike',
      deliveryType: 'standard',
      deliveryTime: 'afternoon',
      deliveryDate: '2026-12-01',
    },
  ],
});

export const v1QuoteSchema = quoteSchema.extend({ object: z.literal('quote'), livemode: z.boolean() });
export type V1Quote = z.infer<typeof v1QuoteSchema>;

/** The merchant's own reference: printable, no surrounding spaces. */
const externalReferenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(EXTERNAL_REFERENCE_MAX)
  .regex(/^[\x21-\x7e][\x20-\x7e]*$/, 'Printable ASCII only');

export const v1DeliveryBodySchema = z
  .strictObject({
    quoteId: z.uuid(),
    receiver: z.strictObject({
      name: bookingFormSchema.shape.receiverName,
      phone: bookingFormSchema.shape.receiverPhone,
      language: bookingFormSchema.shape.receiverLanguage,
    }),
    /** Pay on delivery (live keys only): the web booking's own field, its bounds checked as the web's are (422). */
    collectOnDelivery: collectOnDeliveryBodySchema.optional(),
    externalReference: externalReferenceSchema.optional(),
    notes: bookingBodySchema.shape.description,
  })
  .meta({
    examples: [
      {
        quoteId: '3f0c1a52-9a53-4c55-8d3b-6a8c2f1d9e10',
        receiver: { name: 'Ada Obi', phone: '+2348031234567', language: 'ig' },
        collectOnDelivery: { amountKobo: 2_000_000 },
        externalReference: 'order-10293',
        notes: 'Call on arrival',
      },
    ],
  });
export type V1DeliveryBody = z.infer<typeof v1DeliveryBodySchema>;

export const v1DeliverySchema = deliverySchema
  .extend({
    object: z.literal('delivery'),
    livemode: z.boolean(),
    externalReference: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ description: 'A delivery: ids, integer kobo amounts, ISO 8601 times; livemode is false for a test key.' });
export type V1Delivery = z.infer<typeof v1DeliverySchema>;

export const v1DeliveryListQuerySchema = cursorQuerySchema.extend({
  externalReference: externalReferenceSchema.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});
export type V1DeliveryListQuery = z.output<typeof v1DeliveryListQuerySchema>;

export const v1DeliveryPageSchema = cursorPageSchema(v1DeliverySchema);
export type V1DeliveryPage = z.infer<typeof v1DeliveryPageSchema>;

export const v1ProofSchema = z.object({
  object: z.literal('proof'),
  deliveryId: z.string(),
  livemode: z.boolean(),
  /** When the parcel was handed over (delivered, or returned to the sender); null until then. */
  handedOverAt: z.string().nullable(),
  /** The driver's photo of the hand-over, when one was taken: fetch it with the same key. */
  photoUrl: z.string().nullable(),
});
export type V1Proof = z.infer<typeof v1ProofSchema>;

/** Test mode only: move a test delivery one step along the real lifecycle. */
export const v1AdvanceBodySchema = z.strictObject({ to: z.enum(DELIVERY_STATUSES) }).meta({ examples: [{ to: 'picked_up' }] });
export type V1AdvanceBody = z.infer<typeof v1AdvanceBodySchema>;

export const v1ModeSchema = z.enum(API_KEY_MODES);
