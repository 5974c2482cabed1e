import { createHmac } from 'node:crypto';
import { AppError } from '../../lib/app-error.js';
import { safeEqual } from '../../lib/crypto.js';

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * What the payments and payouts adapters share about Paystack: the authenticated JSON call (an unreachable or
 * timed-out Paystack is GATEWAY_UNAVAILABLE) and the webhook body, trusted only with a valid HMAC-SHA512 signature.
 */
export function createPaystackClient(options: { secretKey: string; baseUrl: string; timeoutMs?: number }) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/json' };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return {
    async call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
      try {
        const response = await fetch(`${base}${path}`, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
        const body: unknown = await response.json().catch(() => null);
        return { status: response.status, body };
      } catch {
        throw new AppError('GATEWAY_UNAVAILABLE');
      }
    },

    /** The webhook's JSON, once its `x-paystack-signature` matches; INVALID_SIGNATURE or INVALID_JSON otherwise. */
    signedWebhookBody(rawBody: Buffer, signature: unknown): unknown {
      const expected = createHmac('sha512', options.secretKey).update(rawBody).digest('hex');
      if (typeof signature !== 'string' || !safeEqual(signature.toLowerCase(), expected)) throw new AppError('INVALID_SIGNATURE');
      try {
        return JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new AppError('INVALID_JSON');
      }
    },
  };
}
