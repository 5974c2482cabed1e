import { z } from 'zod';
import { deliverySchema } from './deliveries.js';

export const PAYMENT_MESSAGES = {
  insufficientBalance: 'Your wallet balance is insufficient for this transaction.',
  priceExpired: 'The price for this delivery has expired. Please review the booking to get a fresh price.',
  alreadyPaid: 'This delivery has already been paid for.',
  notPayable: 'This delivery was cancelled and can no longer be paid for.',
  failed: 'The payment was not successful. Please try again.',
  pending: 'The payment has not been completed yet.',
  amountMismatch: 'The amount paid does not match the price of this delivery.',
  notFound: 'We could not find that payment.',
} as const;

export const PAYMENT_METHODS = ['wallet', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const initiatePaymentBodySchema = z.object({
  deliveryId: z.string({ error: 'Delivery ID is required' }).trim().min(1, 'Delivery ID is required').max(20),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }),
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
