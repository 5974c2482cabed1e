import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.js';
import { AppError } from '../../lib/app-error.js';
import type { Transactions } from '../../db/transactions.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import { formatNaira } from '../../../shared/money.js';
import {
  type InitiatePaymentBody,
  type InitiatePaymentResult,
} from '../../../shared/schemas/payments.js';
import type { Delivery } from '../../../shared/schemas/deliveries.js';
import type { PaymentGateway } from '../../adapters/payments/index.js';
import type { VerifyResult, WebhookEvent } from '../../adapters/payments/payment-gateway.js';
import type { DeliveriesService, DeliveryRow } from '../deliveries/deliveries-service.js';
import { amountDueOf, toDelivery } from '../deliveries/delivery-view.js';
import { generateTrackingId, withTrackingIdRetry } from '../deliveries/tracking-id.js';
import { isCodPayable, paymentRefusal } from '../deliveries/delivery-lifecycle.js';
import { safeEqual } from '../../lib/crypto.js';
import { openCheckout } from './checkout.js';
import { hashPayToken, PAY_TOKEN_PATTERN } from '../deliveries/pay-token.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { ACCOUNTS } from '../wallet/accounts.js';
import type { PaymentRow, PaymentsRepository } from './payments-repository.js';
import type { TopUpService } from './top-up-service.js';

interface Deps {
  env: Pick<Env, 'PUBLIC_URL'>;
  transactions: Pick<Transactions, 'run' | 'single'>;
  gateway: PaymentGateway;
  payments: PaymentsRepository;
  deliveries: Pick<DeliveriesService, 'findOwned' | 'findById' | 'markPaid' | 'payFromWallet' | 'findByPayToken' | 'codPaid'>;
  wallet: Pick<WalletService, 'refund' | 'recordCardPayment'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Top-ups share the payments table, the gateway and its webhook. */
  topUps: Pick<TopUpService, 'settle'>;
}

/** What settling a receiver's payment did; `row` when this call filled the escrow (the delivery as it marked it). */
type CodSettlement = { outcome: 'paid'; row?: DeliveryRow } | { outcome: 'reversed' | 'already' };

export type PayLinkState =
  | { kind: 'unknown' }
  | { kind: 'due' | 'paid' | 'ended'; row: DeliveryRow };

/** A payment nobody confirmed is asked about once it is this old (the payer's return and the webhook came first). */
export const RECONCILE_AFTER_MS = 5 * 60 * 1000;
/** Still unpaid at the gateway this long after it began: expired. */
export const PAYMENT_EXPIRES_AFTER_MS = 24 * 60 * 60 * 1000;
const RECONCILE_BATCH = 50;
export type ReconcileOutcome = 'settled' | 'failed' | 'pending' | 'expired' | 'skipped';

/** The only currency a payment settles in: every price is naira, and a gateway's amount is in its kobo. */
const SETTLEMENT_CURRENCY = 'NGN';

const OPEN_CHECKOUT_CONSTRAINT = 'payments_open_checkout_key';

function assertPayable(row: DeliveryRow, now: Date) {
  const refusal = paymentRefusal(row.status) ?? (row.paidAt ? 'ALREADY_PAID' : null);
  if (refusal) throw new AppError(refusal);
  if (now > row.priceLockedUntil) throw new AppError('PRICE_EXPIRED');
}

const notFound = () => new AppError('PAYMENT_NOT_FOUND');
const creditedToWallet = (amountKobo: number) =>
  new AppError('PAYMENT_CREDITED_TO_WALLET', { params: { amount: formatNaira(amountKobo), amountKobo } });

export function createPaymentsService(deps: Deps) {
  const { env, gateway, payments, deliveries, wallet, transactions, log, topUps } = deps;

  /** A pay link's delivery and whether anything is due on it (decision 053). */
  async function payLinkState(token: string): Promise<PayLinkState> {
    const row = PAY_TOKEN_PATTERN.test(token) ? await deliveries.findByPayToken(token) : null;
    if (!row || row.codAmountKobo === null) return { kind: 'unknown' };
    // The link dies with the delivery (handed over, on its way back, returned or cancelled), paid or not.
    if (!isCodPayable(row.status)) return { kind: 'ended', row };
    return { kind: row.codPaidAt ? 'paid' : 'due', row };
  }

  /** Pays the owner's delivery from the wallet: the paid row, or why not (INSUFFICIENT_BALANCE, PRICE_EXPIRED...). */
  async function payFromWallet(userId: string, row: DeliveryRow): Promise<DeliveryRow> {
    const now = new Date();
    assertPayable(row, now);
    const outcome = await withTrackingIdRetry(() => deliveries.payFromWallet(userId, row, generateTrackingId(), now));
    if (outcome.kind === 'insufficient_balance') {
      throw new AppError('INSUFFICIENT_BALANCE', { type: 'insufficient_balance' });
    }
    if (outcome.kind === 'not_payable') {
      // Something changed since we read it (a parallel payment, a cancel, an edit): say what.
      const current = (await deliveries.findById(row.id)) ?? row;
      assertPayable(current, new Date());
      throw new AppError('PRICE_EXPIRED');
    }
    return outcome.delivery;
  }

  async function payWithWallet(userId: string, row: DeliveryRow): Promise<InitiatePaymentResult> {
    const paid = await payFromWallet(userId, row);
    return {
      reference: `payment:${formatDeliveryId(paid.number)}`,
      checkoutUrl: null,
      status: 'succeeded',
      delivery: toDelivery(paid),
    };
  }

  /**
   * Whether an open checkout may be handed out again: the gateway still waits for it (or was paid on it: the payer's
   * return settles that), within its day. One the gateway declined, or left unpaid too long, is closed here.
   */
  async function isStillOpen(payment: PaymentRow, now: Date): Promise<boolean> {
    if (payment.gateway !== gateway.name) {
      // Opened at another gateway (the sandbox before Paystack was configured): this one cannot take it or vouch for it.
      await payments.markExpired(payment.id, null, now);
      return false;
    }
    const result = await gateway.verify(payment.reference);
    if (result.status === 'failed') {
      await payments.markFailed(payment.reference, result.raw, now);
      return false;
    }
    if (result.status === 'pending' && now.getTime() - payment.createdAt.getTime() >= PAYMENT_EXPIRES_AFTER_MS) {
      await payments.markExpired(payment.id, result.raw, now);
      return false;
    }
    return true;
  }

  /**
   * A card checkout for what the delivery costs: the one still open for it (a double click, a second tab, a return to
   * the page) or a new one. Two at once meet at payments_open_checkout_key: the second one's row is refused and it
   * answers with the first's checkout; its own, opened at the gateway but never given out, is never paid.
   */
  async function startCardPayment(userId: string, row: DeliveryRow): Promise<InitiatePaymentResult> {
    const now = new Date();
    assertPayable(row, now);
    const open = { deliveryId: row.id, userId, amountKobo: amountDueOf(row) };
    for (let attempt = 1; ; attempt++) {
      const existing = await payments.findOpenCheckout(open);
      if (existing && (await isStillOpen(existing, now))) {
        return { reference: existing.reference, checkoutUrl: existing.checkoutUrl, status: 'initiated', delivery: null };
      }
      try {
        return await openCardCheckout(userId, row, open.amountKobo);
      } catch (err) {
        if (attempt >= 3 || !isUniqueViolation(err, OPEN_CHECKOUT_CONSTRAINT)) throw err;
      }
    }
  }

  async function openCardCheckout(userId: string, row: DeliveryRow, amountKobo: number): Promise<InitiatePaymentResult> {
    const contact = await payments.findPayerContact(userId);
    // Gateways require an email for the receipt; phone-only customers get a non-delivering placeholder.
    const email = contact?.email ?? `customer-${userId}@payments.lanefreight.ng`;
    const reference = `LFP-${randomBytes(12).toString('hex')}`;
    const deliveryId = formatDeliveryId(row.number);
    const { checkoutUrl } = await openCheckout(
      { env, gateway, payments },
      { reference, userId, deliveryId: row.id, purpose: 'delivery', amountKobo },
      { email, callbackPath: `/dashboard/payment?${new URLSearchParams({ reference, delivery_id: deliveryId })}`, payerUserId: userId },
    );
    return { reference, checkoutUrl, status: 'initiated', delivery: null };
  }

  /**
   * Completes a card payment once, whoever arrives first (verify, a retry, the webhook). The claim on the
   * payment row is the lock: the loser sees no row and reports the winner's result.
   */
  /** A gateway's answer that is not a success of exactly this payment is refused, saying why (decision 018). */
  async function assertSucceededAsIs(payment: PaymentRow, result: VerifyResult) {
    if (result.status === 'pending') throw new AppError('PAYMENT_PENDING');
    if (result.status === 'failed') {
      await payments.markFailed(payment.reference, result.raw, new Date());
      throw new AppError('PAYMENT_FAILED', { recorded: true });
    }
    // Another currency, or another amount, is not this payment: refused without touching it.
    if (result.currency !== SETTLEMENT_CURRENCY || result.amountKobo !== payment.amountKobo) {
      log.warn(
        {
          reference: payment.reference,
          gateway: payment.gateway,
          expected: { amountKobo: payment.amountKobo, currency: SETTLEMENT_CURRENCY },
          reported: { amountKobo: result.amountKobo, currency: result.currency },
        },
        'payment refused: the gateway reports another amount or currency',
      );
      throw new AppError('PAYMENT_AMOUNT_MISMATCH');
    }
  }

  async function settle(payment: PaymentRow & { deliveryId: string }, result: VerifyResult): Promise<Delivery> {
    await assertSucceededAsIs(payment, result);
    const now = new Date();
    const outcome = await withTrackingIdRetry(() =>
      transactions.run(async (transaction) => {
        const { tx } = transaction;
        const claimed = await payments.claimSucceeded(payment.reference, result.raw, now, tx);
        if (!claimed) return { kind: 'already' as const };
        const paidRow = await deliveries.markPaid(transaction, payment.deliveryId, {
          paymentMethod: 'card',
          trackingId: generateTrackingId(),
          paidAt: now,
          expectedTotalKobo: claimed.amountKobo,
          // A sandbox checkout pays with test money (decision 018).
          sandboxKobo: claimed.gateway === 'sandbox' ? claimed.amountKobo : 0,
        });
        if (paidRow) {
          await wallet.recordCardPayment(
            transaction,
            { paymentId: claimed.id, reference: claimed.reference, gateway: claimed.gateway, amountKobo: claimed.amountKobo },
            paidRow.codReserveKobo === null ? undefined : { deliveryId: paidRow.id, amountKobo: paidRow.codReserveKobo },
          );
          return { kind: 'paid' as const, row: paidRow };
        }
        // Paid by other means, cancelled or re-priced meanwhile: the money must not vanish.
        await payments.markRefunded(claimed.id, tx);
        const delivery = await deliveries.findById(payment.deliveryId, tx);
        const deliveryId = delivery ? formatDeliveryId(delivery.number) : '';
        await wallet.refund(transaction, {
          userId: claimed.userId,
          amountKobo: claimed.amountKobo,
          // Sandbox money stays marked in the wallet: it may pay deliveries, never leave in a payout.
          sandboxKobo: claimed.gateway === 'sandbox' ? claimed.amountKobo : 0,
          description: `Card payment for ${deliveryId} credited to wallet`,
          deliveryId: payment.deliveryId,
          deliveryNumber: delivery?.number,
          idempotencyKey: `card-refund:${claimed.reference}`,
          cause: 'payment_not_applied',
          // The card money never became revenue: it goes from the gateway's clearing straight to the wallet.
          from: ACCOUNTS.clearing(claimed.gateway),
          paymentId: claimed.id,
        });
        return { kind: 'refunded' as const };
      }),
    );
    if (outcome.kind === 'paid') return toDelivery(outcome.row);
    if (outcome.kind === 'refunded') throw creditedToWallet(payment.amountKobo);
    const current = await payments.findByReference(payment.reference);
    if (current?.status === 'refunded') throw creditedToWallet(current.amountKobo);
    const delivery = await deliveries.findById(payment.deliveryId);
    if (current?.status !== 'succeeded' || !delivery) throw new AppError('PAYMENT_PENDING');
    return toDelivery(delivery);
  }

  /**
   * Gives a payment's money back through its gateway and records the gateway's answer. A failure is logged: the
   * payment's status already says the money is owed back, and `npm run ledger:check` lists it until then.
   */
  async function refundAtGateway(payment: Pick<PaymentRow, 'id' | 'reference' | 'amountKobo'>) {
    try {
      const { raw } = await gateway.refund(payment.reference, payment.amountKobo);
      await payments.recordRefund(payment.id, { refund: raw });
    } catch (err) {
      log.warn({ err, reference: payment.reference }, 'a gateway refund failed; the payment stays marked for refund');
    }
  }

  /**
   * A receiver's pay-on-delivery payment succeeded at the gateway (decision 053): into the order's escrow, once,
   * while the parcel may still reach them. A second payment, or one for an order that has ended, is given back
   * through the gateway (`reversed`), so exactly one ever fills the escrow.
   */
  async function settleCod(payment: PaymentRow & { deliveryId: string }, result: VerifyResult): Promise<CodSettlement> {
    await assertSucceededAsIs(payment, result);
    const now = new Date();
    const codPaid = deliveries.codPaid(payment.deliveryId, now, { paymentId: payment.id, gateway: payment.gateway, amountKobo: payment.amountKobo });
    // The claim, the paid mark with its event and the escrow's posting are one statement (payments-repository's settleCod).
    const outcome = await transactions.single(async ({ tx, emit }): Promise<CodSettlement> => {
      const settled = await payments.settleCod(payment.id, result.raw, now, codPaid.values, tx);
      if (!settled) return { outcome: 'already' };
      if (!settled.delivery) return { outcome: 'reversed' };
      emit(codPaid.published(settled.delivery));
      return { outcome: 'paid', row: settled.delivery };
    });
    if (outcome.outcome === 'reversed') await refundAtGateway(payment);
    if (outcome.outcome !== 'already') return outcome;
    const current = await payments.findByReference(payment.reference);
    return { outcome: current?.status === 'reversed' ? 'reversed' : current?.status === 'succeeded' ? 'paid' : 'already' };
  }

  /** Settles a gateway payment by its purpose: a delivery's, a top-up, or a receiver's pay-on-delivery payment. */
  async function settleByPurpose(payment: PaymentRow, result: VerifyResult) {
    if (payment.deliveryId === null) await topUps.settle(payment, result);
    else if (payment.purpose === 'cod') await settleCod({ ...payment, deliveryId: payment.deliveryId }, result);
    else await settle({ ...payment, deliveryId: payment.deliveryId }, result);
  }

  /**
   * Asks the gateway about one payment nobody confirmed: settles it as verify or the webhook would (once, through the
   * same claim), marks it failed, expires it when still unpaid a day on, or leaves it for the next round.
   */
  async function reconcile(payment: PaymentRow, now: Date): Promise<ReconcileOutcome> {
    if (payment.gateway !== gateway.name) return 'skipped';
    const result = await gateway.verify(payment.reference);
    if (result.status === 'pending') {
      if (now.getTime() - payment.createdAt.getTime() < PAYMENT_EXPIRES_AFTER_MS) {
        await payments.markChecked(payment.id, now);
        return 'pending';
      }
      await payments.markExpired(payment.id, result.raw, now);
      return 'expired';
    }
    try {
      await settleByPurpose(payment, result);
      return 'settled';
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      // Settled another way (the money went to the wallet), failed, or refused: the payment's status says which.
      if (err.code === 'PAYMENT_CREDITED_TO_WALLET') return 'settled';
      await payments.markChecked(payment.id, now);
      return 'failed';
    }
  }

  return {
    /**
     * The reconciler's round (payments-reconciler.ts): every payment left initiated longer than RECONCILE_AFTER_MS,
     * at most `limit`, asked about one by one. One that fails to answer is logged and asked again next round.
     */
    async reconcileStale(now: Date, limit = RECONCILE_BATCH): Promise<Record<ReconcileOutcome | 'error', number>> {
      const counts = { settled: 0, failed: 0, pending: 0, expired: 0, skipped: 0, error: 0 };
      for (const payment of await payments.findInitiatedBefore(new Date(now.getTime() - RECONCILE_AFTER_MS), limit)) {
        try {
          counts[await reconcile(payment, now)] += 1;
        } catch (err) {
          counts.error += 1;
          log.warn({ err, reference: payment.reference }, 'payment reconciliation failed; it is asked again next round');
        }
      }
      return counts;
    },

    /**
     * The pay page's button: a checkout at the gateway for what the receiver owes, into escrow once paid. The
     * gateway brings them back to `/pay/{token}/return`. What the page shows is payLinkState's.
     */
    async startCodPayment(token: string): Promise<{ checkoutUrl: string }> {
      const state = await payLinkState(token);
      if (state.kind !== 'due') throw new AppError(state.kind === 'paid' ? 'ALREADY_PAID' : 'PAY_LINK_EXPIRED');
      const { row } = state;
      const reference = `LFC-${randomBytes(12).toString('hex')}`;
      // The receiver has no account: the gateway's receipt goes nowhere (a non-delivering address, as for phone-only payers).
      return openCheckout(
        { env, gateway, payments },
        { reference, userId: row.userId, deliveryId: row.id, purpose: 'cod', amountKobo: row.codAmountKobo! },
        {
          email: `receiver-${row.number}@payments.lanefreight.ng`,
          callbackPath: `/pay/${token}/return?${new URLSearchParams({ reference })}`,
          payerUserId: null,
        },
      );
    },

    /**
     * Back from the gateway: the payment settled (or already was), then what the page says now. Settling asks for no
     * token (the gateway's word decides, as for its webhook); the page shows the settled delivery only to its link.
     */
    async returnFromCodCheckout(token: string, reference: string) {
      const payment = PAY_TOKEN_PATTERN.test(token) ? await payments.findByReference(reference) : null;
      if (payment?.purpose === 'cod' && payment.deliveryId && payment.status !== 'succeeded' && payment.status !== 'reversed' && payment.gateway === gateway.name) {
        try {
          const settled = await settleCod({ ...payment, deliveryId: payment.deliveryId }, await gateway.verify(reference));
          // Settled by this call: the page says paid from the row it marked, without reading the link and the payment again.
          const row = settled.outcome === 'paid' ? settled.row : undefined;
          if (row?.codPayTokenHash && safeEqual(row.codPayTokenHash, hashPayToken(token))) return { state: { kind: 'paid' as const, row }, reversed: false };
        } catch (err) {
          // Declined or still pending: the page says it is still due.
          if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
        }
      }
      return { state: await payLinkState(token), reversed: (await payments.findByReference(reference))?.status === 'reversed' };
    },

    /** What a pay link shows: nothing (not a link), what is due, paid, or ended. */
    payLinkState,

    /**
     * A receiver's escrow went back to them in the ledger (a return, a cancellation): their payment is marked
     * refunded and the gateway gives the money back.
     */
    subscribe(events: Pick<DomainEvents, 'onPublisher'>) {
      events.onPublisher('delivery.cod_refund_due', async (event) => {
        const payment = await payments.findEscrowPayment(event.deliveryId);
        if (!payment) return;
        await payments.markRefunded(payment.id);
        await refundAtGateway(payment);
      });
    },

    /** A booking just made, paid from its owner's wallet without reading it again (the merchant API's one call). */
    payFromWallet,

    async initiatePayment(userId: string, body: InitiatePaymentBody): Promise<InitiatePaymentResult> {
      const row = await deliveries.findOwned(userId, body.deliveryId);
      return body.method === 'wallet' ? payWithWallet(userId, row) : startCardPayment(userId, row);
    },

    async verifyPayment(userId: string, reference: string, publicDeliveryId: string): Promise<Delivery> {
      const number = parseDeliveryId(publicDeliveryId);
      const payment = number === null ? null : await payments.findByReference(reference);
      if (!payment || payment.userId !== userId || payment.deliveryId === null) throw notFound();
      const delivery = await deliveries.findById(payment.deliveryId);
      if (!delivery || delivery.number !== number) throw notFound();
      if (payment.status === 'succeeded') return toDelivery(delivery);
      if (payment.status === 'refunded') throw creditedToWallet(payment.amountKobo);
      if (payment.gateway !== gateway.name) {
        // Made through another gateway (the sandbox before Paystack was configured): this one cannot vouch for it.
        log.warn({ reference, gateway: payment.gateway, configured: gateway.name }, 'payment refused: other gateway');
        throw notFound();
      }
      const result = await gateway.verify(reference);
      return settle({ ...payment, deliveryId: payment.deliveryId }, result);
    },

    /** A signed gateway event. Unknown references and business refusals are logged, not retried. */
    async handleWebhookEvent(event: WebhookEvent): Promise<{ handled: boolean; reason?: string }> {
      if (event.type !== 'charge.success') return { handled: false, reason: `ignored ${event.event}` };
      const payment = await payments.findByReference(event.reference);
      if (!payment) return { handled: false, reason: 'unknown reference' };
      if (payment.gateway !== gateway.name) return { handled: false, reason: `a ${payment.gateway} payment` };
      if (payment.status === 'succeeded' || payment.status === 'refunded' || payment.status === 'reversed') return { handled: true };
      const success = { status: 'success' as const, amountKobo: event.amountKobo, currency: event.currency, raw: event.raw };
      try {
        await settleByPurpose(payment, success);
        return { handled: true };
      } catch (err) {
        if (err instanceof AppError && err.statusCode < 500) return { handled: false, reason: err.code };
        throw err;
      }
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
