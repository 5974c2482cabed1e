import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { createPaystackClient } from '../paystack/paystack-client.js';
import {
  TRANSFER_REFERENCE_PATTERN,
  type PayoutGateway,
  type PayoutWebhookEvent,
  type TransferStatus,
} from './payout-gateway.js';


const recipientResponse = z.object({
  status: z.literal(true),
  data: z.object({
    recipient_code: z.string().min(1),
    details: z.object({ account_name: z.string().nullish() }).nullish(),
  }),
});
const transfer = z.object({
  status: z.string(),
  amount: z.number().int(),
  reference: z.string(),
  currency: z.string().optional(),
  transfer_code: z.string().nullish(),
});
const transferResponse = z.object({ status: z.boolean(), message: z.string().optional(), data: transfer.nullish() });
const failureResponse = z.object({ status: z.literal(false), message: z.string().optional() });
const webhookBody = z.object({ event: z.string(), data: z.unknown() });

const WEBHOOK_EVENTS = new Set(['transfer.success', 'transfer.failed', 'transfer.reversed']);

function unavailable(): AppError {
  return new AppError('GATEWAY_UNAVAILABLE');
}

/**
 * Paystack's transfer states → ours. `otp` means the integration wants an OTP for each transfer, which an automated
 * payout cannot give: it stays pending until an operator sees to it (decision 024 asks for OTP to be disabled).
 */
function statusOf(paystackStatus: string): TransferStatus {
  if (paystackStatus === 'success') return 'success';
  if (paystackStatus === 'reversed') return 'reversed';
  if (paystackStatus === 'failed' || paystackStatus === 'abandoned' || paystackStatus === 'rejected') return 'failed';
  return 'pending';
}

/**
 * Paystack Transfers (https://paystack.com/docs/transfers): recipients of type `nuban`, transfers from the
 * `balance`, verification by our reference, and signed `transfer.*` webhooks. Naira only.
 */
export function createPaystackPayouts(options: { secretKey: string; baseUrl: string; timeoutMs?: number }): PayoutGateway {
  const { call, signedWebhookBody } = createPaystackClient(options);

  return {
    name: 'paystack',
    settlement: 'webhook',

    async createRecipient(input) {
      const { status, body } = await call('/transferrecipient', {
        method: 'POST',
        body: JSON.stringify({
          type: 'nuban',
          name: input.accountName,
          account_number: input.accountNumber,
          bank_code: input.bankCode,
          currency: 'NGN',
        }),
      });
      const parsed = recipientResponse.safeParse(body);
      if (status >= 200 && status < 300 && parsed.success) {
        return {
          recipientCode: parsed.data.data.recipient_code,
          resolvedAccountName: parsed.data.data.details?.account_name ?? null,
        };
      }
      // 400/422: Paystack could not resolve the account at that bank.
      if ((status === 400 || status === 422) && failureResponse.safeParse(body).success) {
        throw new AppError('PAYOUT_ACCOUNT_REJECTED');
      }
      throw unavailable();
    },

    async initiateTransfer(input) {
      if (!TRANSFER_REFERENCE_PATTERN.test(input.reference)) throw new RangeError('invalid transfer reference');
      if (!Number.isSafeInteger(input.amountKobo) || input.amountKobo <= 0) throw new RangeError('invalid amount');
      const { status, body } = await call('/transfer', {
        method: 'POST',
        body: JSON.stringify({
          source: 'balance',
          amount: input.amountKobo,
          recipient: input.recipientCode,
          reason: input.reason,
          reference: input.reference,
          currency: 'NGN',
        }),
      });
      const parsed = transferResponse.safeParse(body);
      if (status >= 200 && status < 300 && parsed.success && parsed.data.status && parsed.data.data) {
        const data = parsed.data.data;
        if (data.reference !== input.reference || data.amount !== input.amountKobo) throw unavailable();
        const mapped = statusOf(data.status);
        if (mapped === 'failed' || mapped === 'reversed') return { outcome: 'rejected', reason: data.status };
        return { outcome: 'accepted', status: mapped, transferCode: data.transfer_code ?? null };
      }
      // A 4xx with Paystack's failure shape: the transfer was refused and not created (balance, recipient, limits).
      if (status >= 400 && status < 500 && status !== 401 && status !== 429) {
        const failure = failureResponse.safeParse(body);
        if (failure.success) return { outcome: 'rejected', reason: failure.data.message ?? 'refused' };
      }
      throw unavailable();
    },

    async verifyTransfer(reference) {
      const { status, body } = await call(`/transfer/verify/${encodeURIComponent(reference)}`, { method: 'GET' });
      const parsed = transferResponse.safeParse(body);
      if ((status === 400 || status === 404) && parsed.success && !parsed.data.status) return { status: 'not_found' };
      if (status !== 200 || !parsed.success || !parsed.data.data) throw unavailable();
      const data = parsed.data.data;
      if (data.reference !== reference || (data.currency !== undefined && data.currency !== 'NGN')) throw unavailable();
      return {
        status: statusOf(data.status),
        amountKobo: data.amount,
        transferCode: data.transfer_code ?? null,
        raw: body,
      };
    },

    parseWebhook(rawBody, signatureHeader): PayoutWebhookEvent {
      const json = signedWebhookBody(rawBody, signatureHeader);
      const parsed = webhookBody.safeParse(json);
      if (!parsed.success) throw new AppError('BAD_REQUEST');
      const { event } = parsed.data;
      if (!WEBHOOK_EVENTS.has(event)) return { type: 'ignored', event };
      const data = transfer.safeParse(parsed.data.data);
      if (!data.success || (data.data.currency !== undefined && data.data.currency !== 'NGN')) {
        return { type: 'ignored', event };
      }
      return {
        type: event as 'transfer.success' | 'transfer.failed' | 'transfer.reversed',
        reference: data.data.reference,
        amountKobo: data.data.amount,
        transferCode: data.data.transfer_code ?? null,
        raw: json,
      };
    },
  };
}
