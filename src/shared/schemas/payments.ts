import { z } from 'zod';

export const PAYMENT_MESSAGES = {
  insufficientBalance: 'Your wallet balance is insufficient for this transaction.',
} as const;

export const walletPayBodySchema = z.object({ deliveryId: z.string().trim().max(20) });

export const initiatePaymentBodySchema = z.object({
  deliveryId: z.string().trim().max(20),
  method: z.enum(['wallet', 'card']),
});

export const initiatePaymentResultSchema = z.object({
  reference: z.string(),
  /** card: where to send the payer (the gateway's checkout). wallet: null, the payment is already done. */
  checkoutUrl: z.string().nullable(),
  status: z.enum(['initiated', 'succeeded', 'failed']),
});

export const verifyPaymentQuerySchema = z.object({
  reference: z.string().trim().min(1).max(100),
  delivery_id: z.string().trim().min(1).max(20),
});
