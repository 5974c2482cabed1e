import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { createPaystackClient } from '../paystack/paystack-client.js';
import type { GatewayStatus, PaymentGateway } from './payment-gateway.js';

const initializeResponse = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.url() }),
});

const transaction = z.object({
  status: z.string(),
  amount: z.number().int(),
  reference: z.string(),
  // Checked by the payments service (only NGN settles), so a missing one is reported rather than unparseable.
  currency: z.string().optional(),
});
const verifyResponse = z.object({ status: z.boolean(), data: transaction.nullish() });
const webhookBody = z.object({ event: z.string(), data: z.unknown() });

/** Paystack's transaction states → ours. 'abandoned' means not paid yet; the payer may still complete it. */
function statusOf(paystackStatus: string): GatewayStatus {
  if (paystackStatus === 'success') return 'success';
  if (paystackStatus === 'failed' || paystackStatus === 'reversed') return 'failed';
  return 'pending';
}

function unavailable(): AppError {
  return new AppError('GATEWAY_UNAVAILABLE');
}

/** Paystack (https://paystack.com/docs/api/transaction): initialize, verify by reference, signed webhooks. */
export function createPaystackGateway(options: { secretKey: string; baseUrl: string }): PaymentGateway {
  const { call, signedWebhookBody } = createPaystackClient(options);

  return {
    name: 'paystack',
    needsAbsoluteCallback: true,

    async initialize(input) {
      const { status, body } = await call('/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({
          email: input.email,
          amount: input.amountKobo,
          reference: input.reference,
          callback_url: input.callbackUrl,
          currency: 'NGN',
        }),
      });
      const parsed = initializeResponse.safeParse(body);
      if (status !== 200 || !parsed.success) throw unavailable();
      return { checkoutUrl: parsed.data.data.authorization_url };
    },

    async verify(reference) {
      const { status, body } = await call(`/transaction/verify/${encodeURIComponent(reference)}`, { method: 'GET' });
      const parsed = verifyResponse.safeParse(body);
      // Paystack answers 400/404 for a reference it never saw: nothing was paid.
      if ((status === 400 || status === 404) && parsed.success && !parsed.data.status) {
        return { status: 'failed', amountKobo: 0, currency: '', raw: body };
      }
      if (status !== 200 || !parsed.success || !parsed.data.data) throw unavailable();
      const data = parsed.data.data;
      if (data.reference !== reference) throw unavailable();
      return { status: statusOf(data.status), amountKobo: data.amount, currency: data.currency ?? '', raw: body };
    },

    async refund(reference, amountKobo) {
      const { status, body } = await call('/refund', { method: 'POST', body: JSON.stringify({ transaction: reference, amount: amountKobo }) });
      // 400 with "already been fully reversed" is a refund made before: nothing more to do.
      const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : '';
      if (status === 200 || (status === 400 && /reversed|refunded/i.test(message))) return { raw: body };
      throw unavailable();
    },

    parseWebhook(rawBody, requestHeaders) {
      const json = signedWebhookBody(rawBody, requestHeaders['x-paystack-signature']);
      const parsed = webhookBody.safeParse(json);
      if (!parsed.success) throw new AppError('BAD_REQUEST');
      if (parsed.data.event !== 'charge.success') return { type: 'ignored', event: parsed.data.event };
      const charge = transaction.safeParse(parsed.data.data);
      if (!charge.success || charge.data.status !== 'success') return { type: 'ignored', event: parsed.data.event };
      return {
        type: 'charge.success',
        reference: charge.data.reference,
        amountKobo: charge.data.amount,
        currency: charge.data.currency ?? '',
        raw: json,
      };
    },
  };
}
