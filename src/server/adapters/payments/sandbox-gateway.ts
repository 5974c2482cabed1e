import { AppError } from '../../lib/app-error.js';
import type { PaymentGateway } from './payment-gateway.js';
import type { SandboxRepository } from './sandbox-repository.js';

export const SANDBOX_CHECKOUT_PATH = '/api/payments/sandbox/checkout';

/**
 * The offline gateway: a real checkout page served by this app (sandbox-routes.ts) where the payer
 * approves or declines; its outcome is what verify reports. No webhooks: the redirect is the signal.
 */
export function createSandboxGateway(repository: SandboxRepository): PaymentGateway {
  return {
    name: 'sandbox',
    needsAbsoluteCallback: false,

    async initialize(input) {
      await repository.insertCharge(input);
      return { checkoutUrl: `${SANDBOX_CHECKOUT_PATH}/${encodeURIComponent(input.reference)}` };
    },

    async verify(reference) {
      const charge = await repository.findCharge(reference);
      if (!charge) return { status: 'failed', amountKobo: 0, currency: 'NGN', raw: { reference, status: 'not_found' } };
      return {
        status: charge.status,
        amountKobo: charge.amountKobo,
        currency: 'NGN',
        raw: { reference, status: charge.status, amount: charge.amountKobo },
      };
    },

    async refund(reference) {
      await repository.refundCharge(reference);
      return { raw: { reference, status: 'refunded' } };
    },

    parseWebhook() {
      throw new AppError('INVALID_SIGNATURE');
    },
  };
}
