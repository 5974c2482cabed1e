import { randomBytes } from 'node:crypto';
import type { Env } from '../../config/env.js';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import type { TopUpResult, TopUpVerifyResult } from '../../../shared/schemas/wallet-money.js';
import type { PaymentGateway } from '../../adapters/payments/index.js';
import type { VerifyResult } from '../../adapters/payments/payment-gateway.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { PaymentRow, PaymentsRepository } from './payments-repository.js';
import { openCheckout } from './checkout.js';

interface Deps {
  env: Pick<Env, 'PUBLIC_URL'>;
  transactions: Pick<Transactions, 'run'>;
  gateway: PaymentGateway;
  payments: PaymentsRepository;
  wallet: Pick<WalletService, 'topUp' | 'findBalance'>;
}

const notFound = () => new AppError('PAYMENT_NOT_FOUND');

/**
 * Top-ups: a gateway payment with no delivery (purpose `topup`). The wallet is credited once, when the gateway
 * confirms the payment (the payer's return, a retry or the webhook, whichever comes first), never before.
 */
export function createTopUpService({ env, transactions, gateway, payments, wallet }: Deps) {
  /** The claim on the payment row is the lock: one caller credits, the others find it succeeded. */
  async function settle(payment: PaymentRow, result: VerifyResult): Promise<'credited' | 'already'> {
    if (result.status === 'pending') throw new AppError('PAYMENT_PENDING');
    if (result.status === 'failed') {
      await payments.markFailed(payment.reference, result.raw, new Date());
      throw new AppError('PAYMENT_FAILED', { recorded: true });
    }
    if (result.amountKobo !== payment.amountKobo) {
      await payments.markFailed(payment.reference, result.raw, new Date());
      throw new AppError('PAYMENT_AMOUNT_MISMATCH');
    }
    return transactions.run(async (transaction) => {
      const claimed = await payments.claimSucceeded(payment.reference, result.raw, new Date(), transaction.tx);
      if (!claimed) return 'already' as const;
      await wallet.topUp(transaction, {
        userId: claimed.userId,
        amountKobo: claimed.amountKobo,
        description: 'Wallet top-up',
        idempotencyKey: `topup:${claimed.reference}`,
        gateway: claimed.gateway,
        paymentId: claimed.id,
      });
      return 'credited' as const;
    });
  }

  async function result(payment: PaymentRow): Promise<TopUpVerifyResult> {
    return {
      reference: payment.reference,
      status: 'succeeded',
      amountKobo: payment.amountKobo,
      balance: await wallet.findBalance(payment.userId),
    };
  }

  return {
    settle,

    async start(userId: string, amountKobo: number): Promise<TopUpResult> {
      const contact = await payments.findPayerContact(userId);
      // Gateways require an email for the receipt; phone-only customers get a non-delivering placeholder.
      const email = contact?.email ?? `customer-${userId}@payments.lanefreight.ng`;
      const reference = `LFT-${randomBytes(12).toString('hex')}`;
      const { checkoutUrl } = await openCheckout(
        { env, gateway, payments },
        { reference, userId, deliveryId: null, purpose: 'topup', amountKobo },
        { email, callbackPath: `/dashboard/wallet?${new URLSearchParams({ topup_reference: reference })}`, payerUserId: userId },
      );
      return { reference, checkoutUrl };
    },

    /** Asks the gateway and credits on success; safe to repeat (the first success credits, the rest read it). */
    async verify(userId: string, reference: string): Promise<TopUpVerifyResult> {
      const payment = await payments.findByReference(reference);
      if (!payment || payment.userId !== userId || payment.purpose !== 'topup') throw notFound();
      if (payment.status === 'succeeded') return result(payment);
      await settle(payment, await gateway.verify(reference));
      return result(payment);
    },
  };
}
export type TopUpService = ReturnType<typeof createTopUpService>;
