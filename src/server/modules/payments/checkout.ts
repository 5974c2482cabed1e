import type { Env } from '../../config/env.js';
import type { PaymentGateway } from '../../adapters/payments/index.js';
import { AppError } from '../../lib/app-error.js';
import type { NewCheckoutPayment, PaymentRow, PaymentsRepository } from './payments-repository.js';

/** A gateway payment to start: its row's values, less what the gateway gives (the checkout address). */
export type NewCheckout = Omit<NewCheckoutPayment, 'gateway' | 'checkoutUrl'>;

/**
 * Starts a payment at the gateway (a delivery's card payment, a top-up, a receiver's pay-on-delivery payment): the
 * gateway's checkout first, then the payment's row with its address, one write. The address is given out only once
 * the row exists, so nobody can pay a reference we do not know; a gateway that fails leaves nothing behind and is a
 * 503 GATEWAY_UNAVAILABLE.
 */
export async function openCheckout(
  deps: { env: Pick<Env, 'PUBLIC_URL'>; gateway: PaymentGateway; payments: Pick<PaymentsRepository, 'insertPayment'> },
  payment: NewCheckout,
  checkout: {
    /** Gateways require an email for their receipt. */
    email: string;
    /** Where the payer comes back to, on this app. */
    callbackPath: string;
    /** Who may pay it: the account that started it, or null for anyone holding its address (a receiver). */
    payerUserId: string | null;
  },
): Promise<{ payment: PaymentRow; checkoutUrl: string }> {
  const { gateway } = deps;
  const callbackUrl = gateway.needsAbsoluteCallback ? new URL(checkout.callbackPath, deps.env.PUBLIC_URL).toString() : checkout.callbackPath;
  let checkoutUrl: string;
  try {
    ({ checkoutUrl } = await gateway.initialize({
      reference: payment.reference,
      amountKobo: payment.amountKobo,
      email: checkout.email,
      callbackUrl,
      payerUserId: checkout.payerUserId,
    }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('GATEWAY_UNAVAILABLE');
  }
  const row = await deps.payments.insertPayment({ ...payment, gateway: gateway.name, checkoutUrl });
  return { payment: row, checkoutUrl };
}
