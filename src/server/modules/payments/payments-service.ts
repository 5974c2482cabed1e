import { randomBytes } from 'node:crypto';
import type { Env } from '../../config/env.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import { formatNaira } from '../../../shared/money.js';
import {
  PAYMENT_MESSAGES,
  type InitiatePaymentBody,
  type InitiatePaymentResult,
} from '../../../shared/schemas/payments.js';
import type { Delivery } from '../../../shared/schemas/deliveries.js';
import type { PaymentGateway } from '../../adapters/payments/index.js';
import type { VerifyResult, WebhookEvent } from '../../adapters/payments/payment-gateway.js';
import type { DeliveriesRepository, DeliveryRow } from '../deliveries/deliveries-repository.js';
import type { DeliveriesService } from '../deliveries/deliveries-service.js';
import { toDelivery } from '../deliveries/delivery-view.js';
import { generateTrackingId } from '../deliveries/tracking-id.js';
import { paymentRefusal } from '../deliveries/delivery-lifecycle.js';
import type { NotificationsRepository } from '../notifications/notifications-repository.js';
import type { WalletRepository } from '../wallet/wallet-repository.js';
import type { PaymentRow, PaymentsRepository } from './payments-repository.js';

interface Deps {
  env: Env;
  db: Db;
  gateway: PaymentGateway;
  payments: PaymentsRepository;
  bookings: DeliveriesRepository;
  bookingsService: DeliveriesService;
  wallet: WalletRepository;
  notifications: NotificationsRepository;
  deliveriesChanged: (userId: string) => void;
}

const TRACKING_ID_CONSTRAINT = 'deliveries_tracking_id_key';

/** Runs a paying transaction again on the (astronomically rare) tracking id collision. */
async function withTrackingIdRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, TRACKING_ID_CONSTRAINT)) throw err;
    }
  }
}

function assertPayable(row: DeliveryRow, now: Date) {
  const refusal = paymentRefusal(row.status) ?? (row.paidAt ? 'ALREADY_PAID' : null);
  if (refusal === 'DELIVERY_NOT_PAYABLE') throw new AppError('DELIVERY_NOT_PAYABLE', PAYMENT_MESSAGES.notPayable);
  if (refusal === 'ALREADY_PAID') throw new AppError('ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
  if (now > row.priceLockedUntil) throw new AppError('PRICE_EXPIRED', PAYMENT_MESSAGES.priceExpired);
}

function paidNotificationParams(row: DeliveryRow, trackingId: string) {
  return {
    deliveryId: formatDeliveryId(row.number),
    trackingId,
    amount: formatNaira(row.totalKobo),
    amountKobo: row.totalKobo,
  };
}

const notFound = () => new AppError('PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.notFound);
const refundedToWallet = () =>
  new AppError(
    'DELIVERY_NOT_PAYABLE',
    'This delivery could no longer take the payment, so the amount was credited to your wallet.',
  );

export function createPaymentsService(deps: Deps) {
  const { env, db, gateway, payments, bookings, bookingsService, wallet, notifications, deliveriesChanged } = deps;

  /**
   * A card payment's paid-side writes, in its settling transaction: the first history event and the
   * notification. A wallet payment writes the same inside its single statement (payFromWallet).
   */
  async function recordCardPaid(row: DeliveryRow, tx: Executor) {
    await bookings.insertEvent(
      { deliveryId: row.id, status: 'pending', note: 'paid:card', createdAt: row.paidAt ?? new Date() },
      tx,
    );
    await notifications.insertNotification(
      {
        userId: row.userId,
        type: 'delivery',
        messageKey: 'deliveryPaid',
        params: paidNotificationParams(row, row.trackingId ?? ''),
      },
      tx,
    );
  }

  async function payWithWallet(userId: string, row: DeliveryRow): Promise<InitiatePaymentResult> {
    const now = new Date();
    assertPayable(row, now);
    const outcome = await withTrackingIdRetry(() => {
      const trackingId = generateTrackingId();
      return payments.payFromWallet({
        deliveryId: row.id,
        userId,
        amountKobo: row.totalKobo,
        trackingId,
        paidAt: now,
        ledgerDescription: `Payment for delivery ${formatDeliveryId(row.number)}`,
        notificationParams: paidNotificationParams(row, trackingId),
      });
    });
    deliveriesChanged(userId);
    if (outcome.kind === 'insufficient_balance') {
      throw new AppError('INSUFFICIENT_BALANCE', PAYMENT_MESSAGES.insufficientBalance, {
        type: 'insufficient_balance',
      });
    }
    if (outcome.kind === 'not_payable') {
      // Something changed since we read it (a parallel payment, a cancel, an edit): say what.
      const current = (await bookings.findById(row.id)) ?? row;
      assertPayable(current, new Date());
      throw new AppError('PRICE_EXPIRED', 'The price of this delivery changed. Please review it and pay again.');
    }
    const paid = outcome.delivery;
    return {
      reference: `payment:${formatDeliveryId(paid.number)}`,
      checkoutUrl: null,
      status: 'succeeded',
      delivery: toDelivery(paid),
    };
  }

  async function startCardPayment(userId: string, row: DeliveryRow): Promise<InitiatePaymentResult> {
    const now = new Date();
    assertPayable(row, now);
    const contact = await payments.findPayerContact(userId);
    // Gateways require an email for the receipt; phone-only customers get a non-delivering placeholder.
    const email = contact?.email ?? `customer-${userId}@payments.lanefreight.ng`;
    const reference = `LFP-${randomBytes(12).toString('hex')}`;
    const deliveryId = formatDeliveryId(row.number);
    const payment = await payments.insertPayment({
      reference,
      userId,
      deliveryId: row.id,
      gateway: gateway.name,
      amountKobo: row.totalKobo,
      checkoutUrl: '',
    });
    const callbackPath = `/dashboard/payment?${new URLSearchParams({ reference, delivery_id: deliveryId })}`;
    const callbackUrl = gateway.needsAbsoluteCallback ? new URL(callbackPath, env.PUBLIC_URL).toString() : callbackPath;
    let checkoutUrl: string;
    try {
      ({ checkoutUrl } = await gateway.initialize({ reference, amountKobo: row.totalKobo, email, callbackUrl }));
    } catch (err) {
      await payments.markFailed(reference, { error: 'initialize failed' }, new Date());
      if (err instanceof AppError) throw err;
      throw new AppError('GATEWAY_UNAVAILABLE', 'The payment service is not responding. Please try again shortly.');
    }
    await payments.setCheckoutUrl(payment.id, checkoutUrl);
    return { reference, checkoutUrl, status: 'initiated', delivery: null };
  }

  /**
   * Completes a card payment once, whoever arrives first (verify, a retry, the webhook). The claim on the
   * payment row is the lock: the loser sees no row and reports the winner's result.
   */
  async function settle(payment: PaymentRow, result: VerifyResult): Promise<Delivery> {
    if (result.status === 'pending') throw new AppError('PAYMENT_PENDING', PAYMENT_MESSAGES.pending);
    if (result.status === 'failed') {
      await payments.markFailed(payment.reference, result.raw, new Date());
      throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.failed);
    }
    if (result.amountKobo !== payment.amountKobo) {
      await payments.markFailed(payment.reference, result.raw, new Date());
      throw new AppError('PAYMENT_AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch);
    }
    const now = new Date();
    const outcome = await withTrackingIdRetry(() =>
      db.transaction(async (tx) => {
        const claimed = await payments.claimSucceeded(payment.reference, result.raw, now, tx);
        if (!claimed) return { kind: 'already' as const };
        const paidRow = await bookings.markPaid(
          claimed.deliveryId,
          {
            paymentMethod: 'card',
            trackingId: generateTrackingId(),
            paidAt: now,
            expectedTotalKobo: claimed.amountKobo,
          },
          tx,
        );
        if (paidRow) {
          await recordCardPaid(paidRow, tx);
          return { kind: 'paid' as const, row: paidRow };
        }
        // Paid by other means, cancelled or re-priced meanwhile: the money must not vanish.
        await payments.markRefunded(claimed.id, tx);
        const balanceAfterKobo = await wallet.credit(claimed.userId, claimed.amountKobo, tx);
        const delivery = await bookings.findById(claimed.deliveryId, tx);
        const deliveryId = delivery ? formatDeliveryId(delivery.number) : '';
        await wallet.insertLedgerEntry(
          {
            userId: claimed.userId,
            amountKobo: claimed.amountKobo,
            balanceAfterKobo,
            kind: 'refund',
            description: `Card payment for ${deliveryId} credited to wallet`,
            deliveryId: claimed.deliveryId,
            idempotencyKey: `card-refund:${claimed.reference}`,
          },
          tx,
        );
        await notifications.insertNotification(
          {
            userId: claimed.userId,
            type: 'wallet',
            messageKey: 'paymentRefunded',
            params: { deliveryId, amount: formatNaira(claimed.amountKobo), amountKobo: claimed.amountKobo },
          },
          tx,
        );
        return { kind: 'refunded' as const };
      }),
    );
    deliveriesChanged(payment.userId);
    if (outcome.kind === 'paid') return toDelivery(outcome.row);
    if (outcome.kind === 'refunded') throw refundedToWallet();
    const current = await payments.findByReference(payment.reference);
    if (current?.status === 'refunded') throw refundedToWallet();
    const delivery = await bookings.findById(payment.deliveryId);
    if (current?.status !== 'succeeded' || !delivery) throw new AppError('PAYMENT_PENDING', PAYMENT_MESSAGES.pending);
    return toDelivery(delivery);
  }

  return {
    async initiatePayment(userId: string, body: InitiatePaymentBody): Promise<InitiatePaymentResult> {
      const row = await bookingsService.findOwned(userId, body.deliveryId);
      return body.method === 'wallet' ? payWithWallet(userId, row) : startCardPayment(userId, row);
    },

    async verifyPayment(userId: string, reference: string, publicDeliveryId: string): Promise<Delivery> {
      const number = parseDeliveryId(publicDeliveryId);
      const payment = number === null ? null : await payments.findByReference(reference);
      if (!payment || payment.userId !== userId) throw notFound();
      const delivery = await bookings.findById(payment.deliveryId);
      if (!delivery || delivery.number !== number) throw notFound();
      if (payment.status === 'succeeded') return toDelivery(delivery);
      if (payment.status === 'refunded') throw refundedToWallet();
      const result = await gateway.verify(reference);
      return settle(payment, result);
    },

    /** A signed gateway event. Unknown references and business refusals are logged, not retried. */
    async handleWebhookEvent(event: WebhookEvent): Promise<{ handled: boolean; reason?: string }> {
      if (event.type !== 'charge.success') return { handled: false, reason: `ignored ${event.event}` };
      const payment = await payments.findByReference(event.reference);
      if (!payment) return { handled: false, reason: 'unknown reference' };
      if (payment.status === 'succeeded' || payment.status === 'refunded') return { handled: true };
      try {
        await settle(payment, { status: 'success', amountKobo: event.amountKobo, raw: event.raw });
        return { handled: true };
      } catch (err) {
        if (err instanceof AppError && err.statusCode < 500) return { handled: false, reason: err.code };
        throw err;
      }
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
