import { z } from 'zod';
import { deliverySchema } from './deliveries.js';

/** i18n keys of the payment request's messages; the server's catalogue (lib/messages.ts) holds their English. */
export const PAYMENT_MESSAGE_KEYS = {
  deliveryIdRequired: 'validation.payment.deliveryIdRequired',
  methodRequired: 'validation.payment.methodRequired',
} as const;

export const PAYMENT_METHODS = ['wallet', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const initiatePaymentBodySchema = z.object({
  deliveryId: z.string({ error: PAYMENT_MESSAGE_KEYS.deliveryIdRequired }).trim().min(1, PAYMENT_MESSAGE_KEYS.deliveryIdRequired).max(20),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGE_KEYS.methodRequired }),
});
export type InitiatePaymentBody = z.infer<typeof initiatePaymentBodySchema>;

export const initiatePaymentResultSchema = z.object({
  reference: z.string(),
  /** card: where to send the payer (the gateway's checkout; may be a same-origin path). wallet: null. */
  checkoutUrl: z.string().nullable(),
  status: z.enum(['initiated', 'succeeded', 'failed']),
  /** wallet: the paid delivery (with its tracking id). card: null until verified. */
  delivery: deliverySchema.nullable(),
});
export type InitiatePaymentResult = z.infer<typeof initiatePaymentResultSchema>;

export const verifyPaymentQuerySchema = z.object({
  reference: z.string().trim().min(1).max(100),
  delivery_id: z.string().trim().min(1).max(20),
});

/** What POST /payments/verify returns: the paid delivery, with its tracking id. */
export const verifyPaymentResultSchema = deliverySchema;
