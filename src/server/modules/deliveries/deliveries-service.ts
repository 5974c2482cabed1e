import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { DeliveryFacts, DomainEvent, DomainEvents } from '../../lib/domain-events.js';
import type { Transaction, Transactions } from '../../db/transactions.js';
import { describeLocation, sameLocationInput, PLACE_MESSAGE_KEYS } from '../../../shared/schemas/places.js';
import type { PricedTrip, QuoteRequest, QuotesService } from '../quotes/quotes-service.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import type { Language } from '../../../shared/i18n.js';
import {
  DELIVERY_STATUSES,
  failedAttemptEventNote,
  livemodeOf,
  type BookingBody,
  type CodSummary,
  type DeliveryMode,
  type DeliveryStatus,
  type DisplayStatus,
} from '../../../shared/schemas/deliveries.js';
import type { AssignedDriver, BoardFilter, DeliveriesRepository, DeliveryKey, DeliveryRow, PaidFields } from './deliveries-repository.js';
import { z } from 'zod';
import { dateRangeInstants, type DateRange } from '../../../shared/schemas/date-range.js';
import { cursorInstant, cursorInt, decodeCursor, pageOf } from '../../lib/cursor.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import { walletMovementEvent, type WalletService } from '../wallet/wallet-service.js';
import { amountDueOf, estimatedDeliveryOf, toDelivery, toDeliveryListItem } from './delivery-view.js';
import { codTermsOf, returnFeeOf, type RateCard } from '../../../shared/pricing.js';
import { ACCOUNTS, type GatewayName } from '../wallet/accounts.js';
import { generatePayToken, hashPayToken } from './pay-token.js';
import { checkCollectOnDelivery } from '../quotes/collect-on-delivery.js';
import { formatNaira } from '../../../shared/money.js';
import type { DeliveryWindow } from '../../../shared/eta.js';
import {
  ACTIVE_JOB_STATUSES,
  AWAITING_DECISION_STATUSES,
  CANCELLABLE_STATUSES,
  COD_PAYABLE_STATUSES,
  DRIVER_ASSIGNABLE_STATUSES,
  HANDOVER_DUE_STATUSES,
  handoverTarget,
  isAwaitingDecision,
  isCancellable,
  isEditable,
  isFailable,
  receiverDriverNews,
  stepOrigin,
  stepRefusal,
  type ReceiverDriverNews,
} from './delivery-lifecycle.js';
import { generateHandoverCode } from './handover-code.js';
import { generateTrackingId, withTrackingIdRetry } from './tracking-id.js';
import { hashShortCode, shortCodeMatches } from '../../lib/crypto.js';
import {
  REATTEMPT_LIMIT,
  type AfterFailureDecision,
  type FailedAttemptBody,
} from '../../../shared/schemas/dispatch.js';
import { FAILED_ATTEMPT_DECISION_HOURS, HANDOVER_MAX_ATTEMPTS } from '../../../shared/rule-limits.js';

export type { AssignedDriver, BoardFilter, DeliveryRow, DeliveryEventRow } from './deliveries-repository.js';

/** A keyset cursor of a deliveries list (decision 049): the last row's sort timestamp, as stored, and its number. */
const deliveryCursorShape = z.tuple([cursorInstant, cursorInt]);
const afterKeyOf = (cursor: string | undefined): DeliveryKey | null => {
  const key = decodeCursor(cursor, deliveryCursorShape);
  return key ? { at: key[0], number: key[1] } : null;
};
const keyOfRow = (row: { cursorAt: string; number: number }) => [row.cursorAt, row.number] as const;

/** The driver's share of the fare (base fare + distance; the service fee stays with the platform), in whole kobo. */
export function driverShareOf(row: Pick<DeliveryRow, 'baseFareKobo' | 'distanceFeeKobo'>, percent: number): number {
  return Math.floor(((row.baseFareKobo + row.distanceFeeKobo) * percent) / 100);
}

/**
 * What the driver earns on this job: their share of the fare, or, once it is going back to the sender, of the
 * return's fee (decision 053). The hand-over credits it and the driver's job shows it (decision 086).
 */
export function driverEarningOf(
  row: Pick<DeliveryRow, 'status' | 'baseFareKobo' | 'distanceFeeKobo' | 'totalKobo'>,
  percent: number,
  rateCard: RateCard,
): number {
  if (row.status === 'returning' || row.status === 'returned') return Math.floor((returnFeeOf(rateCard, row.totalKobo) * percent) / 100);
  return driverShareOf(row, percent);
}

/** How the hand-over is proven: the receiver's code (the driver), or an operator's word. */
export type HandoverProof =
  | { by: 'driver'; driverId: string; code: string; proofKey: string | null }
  | { by: 'operator'; note: string };

const WEB_BOOKING = { livemode: true, externalReference: null };
type BookingOrigin = { livemode: boolean; externalReference: string | null };
type BookingSource = { request: QuoteRequest } | Awaited<ReturnType<QuotesService['usable']>>;

/** The wallet did not cover a payment (of `amountKobo`): thrown inside its transaction so that nothing of it stays. */
class NotCovered extends Error {
  constructor(readonly amountKobo: number) {
    super('not covered');
  }
}
/** The quote was used or changed since it was read: the booking's transaction ends, and whyUnusable says why. */
const QUOTE_UNUSABLE = new Error('quote unusable');

/** How many times an assignment or a hand-over judges the row afresh when it changed between the reading and the write. */
const REJUDGEMENTS = 3;


interface Deps {
  transactions: Pick<Transactions, 'run' | 'single'>;
  repository: DeliveriesRepository;
  wallet: Pick<WalletService, 'findBalance' | 'refund' | 'driverEarnings' | 'post' | 'chargeOrOwe' | 'refundEscrow' | 'escrowSandboxKobo' | 'escrowCredit' | 'codSettlement'>;
  /** Pay on delivery's fee and reserve, a return's fee (decision 053). */
  rateCard: RateCard;
  /** Every booking is priced by a quote: the customer's, or one made here from the form's fields. */
  quotes: Pick<QuotesService, 'claim' | 'usable' | 'whyUnusable' | 'priceRequest' | 'resolveLocation' | 'resolveText'>;
  /** The percentage of the fare a driver earns on delivery (DRIVER_EARNINGS_PERCENT). */
  driverSharePercent: number;
  /**
   * What the receiver hears of their driver (receiverDriverNews: the code, or a new driver's name), as values for the
   * statement making the change (outboxMessageCte); no news writes no message.
   */
  driverNewsMessage: (news: ReceiverDriverNews, row: DeliveryRow & { estimatedDelivery: DeliveryWindow | null }, code?: string) => Record<string, unknown>;
  /**
   * The shipper's message with the code of a return's hand-over, as values for the return's own statement
   * (outboxMessageCte), to the phone or email of their account.
   */
  returnCodeMessage: (shipperId: string, row: DeliveryRow, code: string) => Promise<Record<string, unknown>>;
  /** The receiver's SMS with a pay-on-delivery order's pay link (`token` in its address), as a statement's values. */
  payLinkMessage: (row: DeliveryRow, token: string) => Record<string, unknown>;
}

/**
 * A delivery's status changes, oldest first, as dispatch and drivers see them (the assignment is told by the driver
 * field), each with the delivery's driver after it (delivery_events.driver_id; null before one, and before migration 0028).
 */
export type StatusHistory = { status: DeliveryStatus; note: string | null; driverId: string | null; at: string }[];

function statusHistory(events: readonly { status: string; note: string | null; driverId: string | null; createdAt: Date }[]): StatusHistory {
  return events
    .filter((event) => (DELIVERY_STATUSES as readonly string[]).includes(event.status))
    .map((event) => ({ status: event.status as DeliveryStatus, note: event.note, driverId: event.driverId, at: event.createdAt.toISOString() }));
}

/** What every delivery event carries, so subscribers need no query. */
export function factsOf(row: DeliveryRow): DeliveryFacts {
  return { userId: row.userId, deliveryId: row.id, number: row.number, trackingId: row.trackingId, status: row.status, livemode: row.livemode };
}

/** A status change, with the receiver's contact for the publisher's subscribers (their messages) only. */
function statusChanged(row: DeliveryRow): DomainEvent {
  const receiver = { receiverPhone: row.receiverPhone, receiverLanguage: row.receiverLanguage, driverName: row.driverName, livemode: row.livemode };
  return { type: 'delivery.status_changed', ...factsOf(row), publisherOnly: { receiver } };
}

function failureDecided(row: DeliveryRow, decision: AfterFailureDecision, by: 'operator' | 'customer' | 'system'): DomainEvent {
  return { type: 'delivery.failure_decided', ...factsOf(row), driverId: row.driverId, decision, by };
}

/**
 * The stored form of a booking, at its quote's price: the server's own price, never the client's. One mapping for
 * every way of booking (the web, the merchant API, a bulk import's rows); pay on delivery's terms are `codValues`.
 */
export function bookingValues<L extends Language | null>(body: BookingBody, quote: PricedTrip, receiverLanguage: L) {
  return {
    receiverName: body.receiverName,
    receiverPhone: body.receiverPhone,
    receiverLanguage,
    // What the customer typed stays as they wrote it; a place chosen from the list is described.
    pickupLocation: body.quoteId === undefined && body.pickup === undefined && body.pickupLocation ? body.pickupLocation : describeLocation(quote.pickup),
    dropoffLocation:
      body.quoteId === undefined && body.dropoff === undefined && body.dropoffLocation ? body.dropoffLocation : describeLocation(quote.dropoff),
    pickupLat: quote.pickup.lat,
    pickupLng: quote.pickup.lng,
    dropoffLat: quote.dropoff.lat,
    dropoffLng: quote.dropoff.lng,
    distanceMeters: quote.distanceMeters,
    interstate: quote.interstate,
    quoteId: quote.id,
    packageType: quote.packageType,
    packageWeight: quote.packageWeight,
    transportMode: quote.transportMode,
    deliveryType: quote.deliveryType,
    deliveryTime: quote.deliveryTime,
    deliveryDate: quote.deliveryDate,
    description: body.description ? body.description : null,
    baseFareKobo: quote.baseFareKobo,
    distanceFeeKobo: quote.distanceFeeKobo,
    serviceFeeKobo: quote.serviceFeeKobo,
    totalKobo: quote.totalKobo,
    // One price lock: the quote's.
    priceLockedUntil: quote.expiresAt,
  };
}

/** A booking's pay-on-delivery terms (decision 053), or none. */
function codValues(body: BookingBody, quote: PricedTrip, rateCard: RateCard) {
  const collect = checkCollectOnDelivery(body.collectOnDelivery);
  const cod = collect ? codTermsOf(rateCard, quote.totalKobo, collect.amountKobo) : null;
  return { codAmountKobo: cod?.amountKobo ?? null, codFeeKobo: cod?.feeKobo ?? null, codReserveKobo: cod?.reserveKobo ?? null };
}

/** The only writer of deliveries and delivery_events; every write publishes its event once committed. */
export function createDeliveriesService({
  transactions,
  repository,
  wallet,
  quotes,
  driverSharePercent,
  driverNewsMessage,
  returnCodeMessage,
  payLinkMessage,
  rateCard,
}: Deps) {
  async function findOwned(userId: string, publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await repository.findByNumber(number, userId);
    if (!row) throw new AppError('DELIVERY_NOT_FOUND');
    return row;
  }

  async function findAny(publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await repository.findByNumber(number, null);
    if (!row) throw new AppError('DELIVERY_NOT_FOUND');
    return row;
  }

  /**
   * Why a driver may not act on a delivery that is not their job: one that was theirs until an operator reassigned it
   * is JOB_NO_LONGER_ASSIGNED (their open page still shows it); any other is DELIVERY_NOT_FOUND (it would reveal
   * that it exists).
   */
  async function notDriversJob(driverId: string, row: DeliveryRow | null): Promise<AppError> {
    const wasTheirs = row !== null && (await repository.wasDriverOf(row.id, driverId));
    return new AppError(wasTheirs ? 'JOB_NO_LONGER_ASSIGNED' : 'DELIVERY_NOT_FOUND', wasTheirs ? { params: { id: formatDeliveryId(row.number) } } : {});
  }

  /** One of this driver's jobs; for any other delivery, notDriversJob's error. */
  async function findDriverJob(driverId: string, publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await repository.findByNumber(number, null);
    if (!row || row.driverId !== driverId) throw await notDriversJob(driverId, row);
    return row;
  }

  /**
   * One move of the lifecycle, checked by the caller, in one statement: the row with its status history after the
   * move, or null when the delivery was no longer in `from` (or, for a driver's target, is not their job).
   */
  async function moveStatus(
    target: { id: string } | { number: number; driverId: string },
    from: DeliveryStatus,
    to: DeliveryStatus,
    note?: string,
  ): Promise<{ row: DeliveryRow; history: StatusHistory } | null> {
    return transactions.single(async ({ tx, emit }) => {
      const moved = await repository.moveStatus(target, [from], to, note ?? null, new Date(), tx);
      if (!moved) return null;
      emit(statusChanged(moved.row));
      return { row: moved.row, history: statusHistory(moved.events) };
    });
  }

  /**
   * A step on the road on the row as read (its status, checked by the caller). The pickup of a delivery without a
   * code also makes the receiver's code and writes the SMS carrying it, naming the driver (receiverDriverNews), in
   * the same statement: judged on the driver read, so a reassignment meanwhile writes nothing. Any other step is
   * moveStatus's, on `target`. Null when the row changed.
   */
  async function stepAsRead(
    row: DeliveryRow,
    target: Parameters<typeof moveStatus>[0],
    to: DeliveryStatus,
    note?: string,
  ): Promise<{ row: DeliveryRow; history: StatusHistory } | null> {
    const news = receiverDriverNews({ step: to }, row.handoverCodeHash !== null);
    if (news !== 'code' || !row.driverId) return moveStatus(target, row.status, to, note);
    const code = generateHandoverCode();
    const message = driverNewsMessage(news, { ...row, estimatedDelivery: estimatedDeliveryOf(row) }, code);
    return transactions.single(async ({ tx, emit }) => {
      const moved = await repository.pickUp({ id: row.id, judgedDriverId: row.driverId! }, [row.status], to, hashShortCode(code), message, note ?? null, tx);
      if (!moved) return null;
      emit(statusChanged(moved.row));
      return { row: moved.row, history: statusHistory(moved.events) };
    });
  }

  /** The trip a booking without a quote describes: its places found, its options as given (the schema requires them). */
  async function quoteRequestOf(userId: string, body: BookingBody): Promise<QuoteRequest | null> {
    if (body.quoteId !== undefined) return null;
    const sameText =
      !body.pickup && !body.dropoff && body.pickupLocation?.trim().toLowerCase() === body.dropoffLocation?.trim().toLowerCase();
    if (sameText || (body.pickup && body.dropoff && sameLocationInput(body.pickup, body.dropoff))) {
      throw new AppError('SAME_PICKUP_AND_DROPOFF', { fields: { dropoff: [PLACE_MESSAGE_KEYS.samePlace] } });
    }
    const [pickup, dropoff] = await Promise.all([
      body.pickup ? quotes.resolveLocation(userId, 'pickup', body.pickup) : quotes.resolveText('pickupLocation', body.pickupLocation!),
      body.dropoff ? quotes.resolveLocation(userId, 'dropoff', body.dropoff) : quotes.resolveText('dropoffLocation', body.dropoffLocation!),
    ]);
    return {
      pickup,
      dropoff,
      packageType: body.packageType!,
      packageWeight: body.packageWeight!,
      transportMode: body.transportMode!,
      deliveryType: body.deliveryType!,
      deliveryTime: body.deliveryTime!,
      deliveryDate: body.deliveryDate!,
    };
  }

  /**
   * A pay-on-delivery booking paid from the wallet: the delivery fee to revenue and the return reserve to
   * cod_reserve:{id}, one posting (decision 053), in the transaction that marks it paid. Not the one-statement path:
   * that one posts a single amount.
   */
  /**
   * A pay-on-delivery booking's wallet payment in the caller's transaction; what the wallet does not cover, or a
   * price no longer payable, is thrown (NotCovered, PRICE_EXPIRED) so that nothing of it stays.
   */
  async function payCodBookingIn(transaction: Transaction, userId: string, row: DeliveryRow, trackingId: string, at: Date) {
    const { tx, emit } = transaction;
    const amountKobo = amountDueOf(row);
    const posted = await wallet.post(transaction, {
      kind: 'cod_booking',
      idempotencyKey: `payment:${row.id}`,
      wallet: {
        userId,
        amountKobo: -amountKobo,
        ledgerKind: 'payment',
        description: `Payment for delivery ${formatDeliveryId(row.number)}`,
        deliveryId: row.id,
        deliveryNumber: row.number,
      },
      lines: [
        { account: ACCOUNTS.revenue, amountKobo: row.totalKobo },
        { account: ACCOUNTS.codReserve(row.id), amountKobo: row.codReserveKobo! },
      ],
    });
    if (posted.outcome === 'not_covered') throw new NotCovered(amountKobo);
    if (posted.outcome === 'replayed') return { kind: 'not_payable' as const };
    const paid = await repository.markPaid(
      row.id,
      { paymentMethod: 'wallet', trackingId, paidAt: at, expectedTotalKobo: amountKobo, lockValidAt: at, sandboxKobo: Math.abs(posted.sandboxKobo) },
      tx,
    );
    // No longer payable at this price: nothing of it stays (the posting goes with the transaction).
    if (!paid) throw new AppError('PRICE_EXPIRED');
    emit({ type: 'delivery.paid', method: 'wallet', amountKobo, payOnDelivery: true, ...factsOf(paid) });
    return { kind: 'paid' as const, delivery: paid, balanceAfterKobo: posted.balanceAfterKobo ?? 0 };
  }

  async function payCodBookingFromWallet(userId: string, row: DeliveryRow, trackingId: string, at: Date) {
    try {
      return await transactions.run((transaction) => payCodBookingIn(transaction, userId, row, trackingId, at));
    } catch (error) {
      if (error instanceof NotCovered) return { kind: 'insufficient_balance' as const };
      if (error instanceof AppError && error.code === 'PRICE_EXPIRED') return { kind: 'not_payable' as const };
      throw error;
    }
  }

  /** A wallet payment (without pay on delivery) in the caller's transaction: one statement, paid or why not. */
  async function payPlainIn({ tx, emit }: Transaction, userId: string, row: DeliveryRow, trackingId: string, at: Date) {
    const amountKobo = row.totalKobo;
    const outcome = await repository.payFromWallet(
      { deliveryId: row.id, userId, amountKobo, trackingId, description: `Payment for delivery ${formatDeliveryId(row.number)}`, at },
      tx,
    );
    if (outcome.kind !== 'paid') return outcome;
    const paid = outcome.delivery;
    emit({ type: 'delivery.paid', method: 'wallet', amountKobo, ...factsOf(paid) });
    emit(
      walletMovementEvent('debited', {
        userId,
        amountKobo,
        balanceAfterKobo: outcome.balanceAfterKobo,
        kind: 'payment',
        deliveryId: paid.id,
        deliveryNumber: paid.number,
      }),
    );
    return outcome;
  }

  /** What a booking is priced by: the form's trip, priced here, or the customer's quote of the booking's mode (read before any transaction). */
  async function bookingSourceOf(userId: string, body: BookingBody, livemode: boolean): Promise<BookingSource> {
    const request = await quoteRequestOf(userId, body);
    return request ? { request } : await quotes.usable(userId, body.quoteId!, livemode);
  }

  /**
   * A booking's one statement, priced by its source; with a quote, using it up as it inserts. Null when the quote was
   * no longer usable (`quotes.whyUnusable` says why, outside the transaction).
   */
  async function insertBooking({ tx, emit }: Transaction, userId: string, body: BookingBody, origin: BookingOrigin, source: BookingSource) {
    const now = new Date();
    // Without the receiver's language, the statement takes the account's.
    const valuesAt = (quote: PricedTrip) => ({
      userId,
      ...bookingValues(body, quote, body.receiverLanguage ?? null),
      ...codValues(body, quote, rateCard),
      ...origin,
      createdAt: now,
      updatedAt: now,
    });
    const inserted =
      'request' in source
        ? await repository.insertDelivery(valuesAt(quotes.priceRequest(source.request)), tx)
        : await repository.insertDeliveryClaimingQuote(valuesAt(source.quote), { quoteId: source.quote.id, claimedAt: source.at }, tx);
    if (inserted) emit({ type: 'delivery.created', ...factsOf(inserted) });
    return inserted;
  }


  /**
   * A new pay link for the receiver of an unpaid pay-on-delivery order on its way: its token hashed on the row (only
   * the newest works) and the SMS carrying it, one statement. False when there is nothing to pay any more.
   */
  async function sendPayLink(row: DeliveryRow): Promise<boolean> {
    const token = generatePayToken();
    return transactions.single(({ tx }) => repository.setPayLink(row.id, COD_PAYABLE_STATUSES, hashPayToken(token), payLinkMessage(row, token), tx));
  }

  /**
   * A return's fee (decision 053), once the parcel is back: half the delivery fee to revenue, from the reserve of a
   * pay-on-delivery order, else from the shipper's wallet, what it cannot cover owed.
   */
  async function settleReturn(transaction: Transaction, row: DeliveryRow) {
    const key = `return-fee:${row.id}`;
    const description = `Return fee for delivery ${formatDeliveryId(row.number)}`;
    // A pay-on-delivery order's reserve was that fee, computed when it was booked.
    const feeKobo = row.codReserveKobo ?? returnFeeOf(rateCard, row.totalKobo);
    if (row.codReserveKobo !== null) {
      await wallet.post(transaction, {
        kind: 'return_fee',
        idempotencyKey: key,
        lines: [
          { account: ACCOUNTS.codReserve(row.id), amountKobo: -feeKobo },
          { account: ACCOUNTS.revenue, amountKobo: feeKobo },
        ],
      });
    } else {
      await wallet.chargeOrOwe(transaction, { userId: row.userId, amountKobo: feeKobo, description, deliveryId: row.id, deliveryNumber: row.number, idempotencyKey: key });
    }
    await repository.setReturnFee(row.id, feeKobo, transaction.tx);
  }

  /** What the receiver paid into escrow goes back to them: the ledger now, the gateway once committed. */
  async function refundReceiver(transaction: Transaction, row: DeliveryRow) {
    if (!row.codPaidAt || row.codAmountKobo === null) return;
    await wallet.refundEscrow(transaction, row.id, `cod-refund:${row.id}`);
    transaction.emit({ type: 'delivery.cod_refund_due', amountKobo: row.codAmountKobo, ...factsOf(row) });
  }

  const codSettlementDescription = (row: DeliveryRow) =>
    `Collected on delivery ${formatDeliveryId(row.number)}: ${formatNaira(row.codAmountKobo! - row.codFeeKobo!)}, and the return reserve back`;
  /** The reserve's part paid with sandbox money, rounded up so that no fraction of test money can be paid out. */
  const reserveSandboxKoboOf = (row: DeliveryRow) =>
    Math.min(row.codReserveKobo!, Math.ceil((row.codReserveKobo! * row.paidSandboxKobo) / amountDueOf(row)));

  /**
   * A pay-on-delivery order handed to its receiver by a driver who is also its shipper (the hand-over's statement
   * settles every other one, MOVES.deliverCod), settled in the hand-over's transaction, one posting: the escrow
   * to the shipper's wallet less the fee, the fee to revenue, and the reserve back to the shipper.
   */
  async function settleCod(transaction: Transaction, row: DeliveryRow) {
    const amount = row.codAmountKobo!;
    const fee = row.codFeeKobo!;
    const reserve = row.codReserveKobo!;
    const sandboxEscrow = await wallet.escrowSandboxKobo(transaction, row.id);
    await wallet.post(transaction, {
      kind: 'cod_settlement',
      idempotencyKey: `cod-settle:${row.id}`,
      wallet: {
        userId: row.userId,
        amountKobo: amount - fee + reserve,
        ledgerKind: 'cod_settlement',
        description: codSettlementDescription(row),
        deliveryId: row.id,
        deliveryNumber: row.number,
        // Money a receiver paid through the sandbox is test money (decision 018), as is a reserve paid with it.
        sandboxKobo: Math.min(amount - fee, sandboxEscrow) + reserveSandboxKoboOf(row),
      },
      lines: [
        { account: ACCOUNTS.codEscrow(row.id), amountKobo: -amount },
        { account: ACCOUNTS.revenue, amountKobo: fee },
        { account: ACCOUNTS.codReserve(row.id), amountKobo: -reserve },
      ],
    });
    // For the merchant's webhooks (cod.settled): not a status, so histories leave it out.
    await repository.insertEvent({ deliveryId: row.id, status: 'cod_settled', createdAt: new Date() }, transaction.tx);
  }

  async function historiesOf(rows: readonly DeliveryRow[]) {
    const events = await repository.findEvents(rows.map((row) => row.id));
    const eventsOf = new Map<string, typeof events>();
    for (const event of events) eventsOf.set(event.deliveryId, [...(eventsOf.get(event.deliveryId) ?? []), event]);
    return new Map(rows.map((row) => [row.id, statusHistory(eventsOf.get(row.id) ?? [])]));
  }

  return {
    findOwned,

    /** Any delivery by its public id (operators); DELIVERY_NOT_FOUND otherwise. */
    findAny,

    findById: (id: string, tx?: Executor) => repository.findById(id, tx),
    findByIds: (ids: readonly string[], tx?: Executor) => repository.findByIds(ids, tx),
    findByTrackingIdWithEvents: (trackingId: string, userId: string) =>
      repository.findByTrackingIdWithEvents(trackingId, userId),
    /** The tracking id of the owner's delivery named by its delivery id (LF008), so tracking finds it by either. */
    async trackingIdOfOwned(userId: string, publicId: string): Promise<string | null> {
      const number = parseDeliveryId(publicId);
      const row = number === null ? null : await repository.findByNumber(number, userId);
      return row?.trackingId ?? null;
    },
    /** Anyone's delivery by its tracking id, for the public tracking page: the caller shows only what is public. */
    findByTrackingIdForPublic: (trackingId: string) => repository.findByTrackingIdWithEvents(trackingId, null),

    /**
     * A wallet payment, in one statement (the repository's payFromWallet): paid, or why not. The delivery's paid
     * event and the wallet's debit are published once it has committed.
     */
    async payFromWallet(userId: string, row: DeliveryRow, trackingId: string, at: Date) {
      if (row.codReserveKobo !== null) return payCodBookingFromWallet(userId, row, trackingId, at);
      return transactions.single((transaction) => payPlainIn(transaction, userId, row, trackingId, at));
    },

    /** A card payment's paid side, in the settling transaction: conditional, null when no longer payable so. */
    async markPaid(transaction: Transaction, id: string, fields: PaidFields) {
      // The row and its first history event, as the wallet payment writes them (delivery-statements.ts).
      const row = await repository.markPaid(id, fields, transaction.tx);
      if (!row) return null;
      transaction.emit({
        type: 'delivery.paid',
        method: fields.paymentMethod,
        amountKobo: amountDueOf(row),
        payOnDelivery: row.codAmountKobo !== null,
        ...factsOf(row),
      });
      return row;
    },

    /**
     * The receiver's payment of a pay-on-delivery order reaching escrow, once, while the parcel may still reach them:
     * composed into the payments module's statement that settles it (delivery-statements' codPaidCtes, with the
     * escrow's posting). The values of its placeholders, and the event to publish once it marked the row.
     */
    codPaid(deliveryId: string, at: Date, payment: { paymentId: string; gateway: GatewayName; amountKobo: number }) {
      return {
        values: { codDeliveryId: deliveryId, codFrom: COD_PAYABLE_STATUSES, codPaidAt: at, ...wallet.escrowCredit({ deliveryId, ...payment }) },
        published: (row: DeliveryRow): DomainEvent => ({ type: 'delivery.cod_paid', driverId: row.driverId, amountKobo: row.codAmountKobo!, ...factsOf(row) }),
      };
    },

    /** The receiver's first pay link follows the shipper's payment of a pay-on-delivery booking. */
    subscribe(events: Pick<DomainEvents, 'onPublisher'>) {
      events.onPublisher('delivery.paid', async (event) => {
        if (!event.payOnDelivery) return;
        const row = await repository.findById(event.deliveryId);
        if (row) await sendPayLink(row);
      });
    },

    /** The driver asks for the pay link to be sent to the receiver again (a fresh one; the old one dies). */
    async resendPayLink(driverId: string, publicId: string) {
      const row = await findDriverJob(driverId, publicId);
      if (row.codAmountKobo === null) throw new AppError('NOT_PAY_ON_DELIVERY');
      if (row.codPaidAt) return { sent: false, paid: true };
      if (!(await sendPayLink(row))) throw new AppError('INVALID_STATUS_TRANSITION');
      return { sent: true, paid: false };
    },

    /** The delivery a pay link leads to, if the token is one (its shape checked before any lookup). */
    findByPayToken: (token: string) => repository.findByPayTokenHash(hashPayToken(token)),

    /** Pay on delivery on the shipper's wallet page: settled to them so far, and paid by receivers awaiting hand-over. */
    async codSummary(userId: string): Promise<CodSummary> {
      const [totals, orders] = await Promise.all([repository.codTotals(userId), repository.hasCodOrdersQuery(userId)]);
      return { ...totals, hasOrders: orders.length > 0 };
    },

    /**
     * Assigns or reassigns the driver, whose vehicle must suit the delivery's transport mode. The handover code is
     * not touched: it is made at pickup, once (stepAsRead). A receiver who holds it is told the new driver's name by
     * the same statement (receiverDriverNews). The delivery is judged as read (its status and driver) and written only
     * if still so; one that changed meanwhile is judged again.
     */
    async assignDriver(
      publicId: string,
      driver: AssignedDriver,
      vehicleMode: string,
    ): Promise<{ row: DeliveryRow; history: StatusHistory }> {
      for (let judged = 0; judged < REJUDGEMENTS; judged++) {
        const row = await findAny(publicId);
        // A test-mode delivery is never anyone's job (it is on no board tab either).
        if (!row.livemode) throw new AppError('DELIVERY_NOT_FOUND');
        if (row.transportMode !== vehicleMode) throw new AppError('DRIVER_VEHICLE_UNSUITABLE');
        if (!(DRIVER_ASSIGNABLE_STATUSES as readonly string[]).includes(row.status)) throw new AppError('INVALID_STATUS_TRANSITION');
        const news = receiverDriverNews({ assigned: driver.userId === row.driverId ? 'same' : 'new' }, row.handoverCodeHash !== null);
        const assigned = await transactions.single(async ({ tx, emit }) => {
          const changed = await repository.setDriver(
            { id: row.id, transportMode: vehicleMode, judgedDriverId: row.driverId },
            driver,
            // The status as read: a pickup meanwhile (which sends the code) is judged again, so this names the new driver.
            [row.status],
            driverNewsMessage(news, { ...row, driverName: driver.name, estimatedDelivery: null }),
            tx,
          );
          if (!changed) return null;
          emit({
            type: 'delivery.driver_assigned',
            driverName: driver.name,
            driverId: driver.userId,
            previousDriverId: row.driverId,
            ...factsOf(changed.row),
            publisherOnly: { job: { pickup: changed.row.pickupLocation, dropoff: changed.row.dropoffLocation } },
          });
          return { row: changed.row, history: statusHistory(changed.events) };
        });
        if (assigned) return assigned;
      }
      throw new AppError('CONFLICT');
    },

    /** One step on the road by an operator, as the lifecycle allows (stepRefusal's codes otherwise). */
    async stepStatus(row: DeliveryRow, to: DeliveryStatus, note?: string): Promise<{ row: DeliveryRow; history: StatusHistory }> {
      const refusal = stepRefusal(row.status, to, 'operator', row.driverId !== null);
      if (refusal) throw new AppError(refusal);
      const moved = await stepAsRead(row, { id: row.id }, to, note);
      if (!moved) throw new AppError('CONFLICT');
      return moved;
    },

    /**
     * One step on the road by the driver, on their own job only. The hot path is the move itself (one statement,
     * from the only status the step can come from); only a refused step reads the job to say why, and the pickup,
     * whose SMS is rendered from the job.
     */
    async stepDriverJob(driverId: string, publicId: string, to: DeliveryStatus) {
      const number = parseDeliveryId(publicId);
      const from = stepOrigin(to, 'driver');
      let moved: Awaited<ReturnType<typeof moveStatus>> = null;
      if (number !== null && from) {
        // A step that may carry the code reads the job first: its SMS is rendered from it.
        const row = receiverDriverNews({ step: to }, false) === 'code' ? await findDriverJob(driverId, publicId) : null;
        if (!row) moved = await moveStatus({ number, driverId }, from, to);
        else if (row.status === from) moved = await stepAsRead(row, { number, driverId }, to);
      }
      if (moved) return moved;
      const row = await findDriverJob(driverId, publicId);
      throw new AppError(stepRefusal(row.status, to, 'driver', true) ?? 'CONFLICT');
    },

    /**
     * Delivered: with the receiver's code (the driver) or by an operator. The row is judged as read, then written
     * only if it is still as judged (the same driver; for a code, the same code with attempts left), so parallel
     * guesses and a reassignment meanwhile are told apart without a lock; a row that changed is judged again. A wrong
     * code counts before it is refused; the fifth locks the driver out. The hand-over, its event and the driver's
     * share of the fare (revenue → driver earnings → the driver's wallet; sandbox money stays sandbox money,
     * decision 018) are one statement.
     */
    async handOver(publicId: string, proof: HandoverProof): Promise<{ row: DeliveryRow; history: StatusHistory }> {
      const number = parseDeliveryId(publicId);
      for (let judged = 0; judged < REJUDGEMENTS; judged++) {
        const row = number === null ? null : await repository.findByNumber(number, null);
        if (!row) throw new AppError('DELIVERY_NOT_FOUND');
        if (proof.by === 'driver' && row.driverId !== proof.driverId) throw await notDriversJob(proof.driverId, row);
        const to = handoverTarget(row.status);
        if (!to) throw new AppError('INVALID_STATUS_TRANSITION');
        if (!row.driverId) throw new AppError('DRIVER_NOT_ASSIGNED');
        // Checked again by the hand-over's own statement, so a payment still settling cannot be overtaken.
        if (to === 'delivered' && row.codAmountKobo !== null && !row.codPaidAt) {
          throw new AppError('COD_UNPAID', { params: { amount: formatNaira(row.codAmountKobo), amountKobo: row.codAmountKobo } });
        }
        const codeHash = proof.by === 'driver' ? row.handoverCodeHash : null;
        if (proof.by === 'driver') {
          if (row.handoverFailedAttempts >= HANDOVER_MAX_ATTEMPTS) throw new AppError('HANDOVER_LOCKED');
          if (!shortCodeMatches(codeHash, proof.code)) {
            const attempts = await transactions.single(({ tx }) =>
              repository.countFailedHandover({ id: row.id, codeHash }, HANDOVER_DUE_STATUSES, HANDOVER_MAX_ATTEMPTS, tx),
            );
            if (attempts === null) continue;
            const attemptsLeft = Math.max(0, HANDOVER_MAX_ATTEMPTS - attempts);
            // The wrong code was counted: a retry of the same request is answered again, not counted again.
            if (attemptsLeft === 0) throw new AppError('HANDOVER_LOCKED', { recorded: true });
            throw new AppError('HANDOVER_CODE_INVALID', { params: { attemptsLeft }, recorded: true });
          }
        }
        const shareKobo = driverEarningOf({ ...row, status: to }, driverSharePercent, rateCard);
        const earnings = wallet.driverEarnings({
          userId: row.driverId,
          amountKobo: shareKobo,
          // Rounded up, so no fraction of test money ever becomes money that can be paid out.
          sandboxKobo: Math.min(shareKobo, Math.ceil((shareKobo * row.paidSandboxKobo) / row.totalKobo)),
          description: `${to === 'delivered' ? 'Earnings' : 'Return earnings'} for delivery ${formatDeliveryId(row.number)}`,
          deliveryId: row.id,
          deliveryNumber: row.number,
          idempotencyKey: `earning:${row.id}`,
        });
        // A pay-on-delivery order handed to its receiver is settled by the hand-over's own statement, unless its shipper
        // is the driver (that statement would credit one wallet twice): then by `post`, as a return's fee is.
        const settlement =
          to === 'delivered' && row.codAmountKobo !== null && row.userId !== row.driverId
            ? wallet.codSettlement({
                userId: row.userId,
                deliveryId: row.id,
                deliveryNumber: row.number,
                amountKobo: row.codAmountKobo,
                feeKobo: row.codFeeKobo!,
                reserveKobo: row.codReserveKobo!,
                reserveSandboxKobo: reserveSandboxKoboOf(row),
                description: codSettlementDescription(row),
                trackingId: row.trackingId,
              })
            : null;
        // Money beyond the driver's share that the statement does not write (a return's fee, a settlement by `post`)
        // is written in the same transaction. The statement alone runs on the write pool, where it is prepared once; in a
        // transaction it would be built again each time.
        const settles = to === 'returned' || (row.codAmountKobo !== null && !settlement);
        const delivered = await transactions[settles ? 'run' : 'single'](async (transaction) => {
          const { tx, emit } = transaction;
          const changed = await repository.deliver(
            { id: row.id, driverId: row.driverId!, codeHash },
            [row.status],
            HANDOVER_MAX_ATTEMPTS,
            {
              to,
              proofKey: proof.by === 'driver' ? proof.proofKey : null,
              note: proof.by === 'driver' ? 'handover:code' : `handover:operator ${proof.note}`,
            },
            earnings.values,
            tx,
            settlement?.values,
          );
          if (!changed) return null;
          if (to === 'returned') await settleReturn(transaction, changed.row);
          else if (settlement && changed.settlement) emit(settlement.credited(changed.settlement.balanceAfterKobo));
          else if (changed.row.codAmountKobo !== null) await settleCod(transaction, changed.row);
          if (changed.earningsBalanceAfterKobo !== null) emit(earnings.credited(changed.earningsBalanceAfterKobo));
          emit(statusChanged(changed.row));
          return { row: changed.row, history: statusHistory(changed.events), settled: changed.settlement };
        });
        if (!delivered) continue;
        // What the shipper owes is taken from the settlement (as `post` takes it from any credit), right after it
        // committed: the owed amount and its receivable stay equal throughout, and whatever a parallel withdrawal
        // leaves unpaid is taken from the next money in.
        if (settlement && delivered.settled && delivered.settled.owedKobo > 0) {
          const { balanceAfterKobo } = delivered.settled;
          await transactions.run((transaction) => settlement.collectOwed(transaction, balanceAfterKobo));
        }
        return { row: delivered.row, history: delivered.history };
      }
      throw new AppError('CONFLICT');
    },

    /**
     * The driver could not hand the parcel over: a failed attempt on their own job, with why (the event's note,
     * `failed:<reason>`, and what they wrote). The operator or the shipper then decides.
     */
    async recordFailedAttempt(driverId: string, publicId: string, body: FailedAttemptBody) {
      const row = await findDriverJob(driverId, publicId);
      if (!isFailable(row.status)) throw new AppError('INVALID_STATUS_TRANSITION');
      const moved = await moveStatus({ number: row.number, driverId }, row.status, 'failed_attempt', failedAttemptEventNote(body.reason, body.note));
      if (!moved) throw new AppError('CONFLICT');
      return moved;
    },

    /**
     * After a failed attempt, the operator's or the shipper's decision (the system returns it when nobody decides in
     * time): out for delivery again, at most REATTEMPT_LIMIT times; or back to the shipper, with a fresh hand-over
     * code sent to them by the same statement.
     */
    async decideAfterFailure(row: DeliveryRow, decision: AfterFailureDecision, by: 'operator' | 'customer' | 'system') {
      if (!isAwaitingDecision(row.status)) throw new AppError('INVALID_STATUS_TRANSITION');
      if (decision === 'reattempt') {
        if (row.reattempts >= REATTEMPT_LIMIT) throw new AppError('REATTEMPT_LIMIT', { params: { limit: REATTEMPT_LIMIT } });
        return transactions.single(async ({ tx, emit }) => {
          const moved = await repository.reattempt(row, AWAITING_DECISION_STATUSES, `reattempt:${by}`, tx);
          if (!moved) throw new AppError('CONFLICT');
          emit(statusChanged(moved.row));
          emit(failureDecided(moved.row, decision, by));
          return { row: moved.row, history: statusHistory(moved.events) };
        });
      }
      const code = generateHandoverCode();
      const message = await returnCodeMessage(row.userId, row, code);
      // What the receiver paid goes back to them as the return starts (a receiver who paid and refused included).
      return transactions[row.codAmountKobo !== null ? 'run' : 'single'](async (transaction) => {
        const { tx, emit } = transaction;
        const moved = await repository.startReturn(row.id, AWAITING_DECISION_STATUSES, hashShortCode(code), message, `return:${by}`, tx);
        if (!moved) throw new AppError('CONFLICT');
        await refundReceiver(transaction, moved.row);
        emit(statusChanged(moved.row));
        emit(failureDecided(moved.row, decision, by));
        return { row: moved.row, history: statusHistory(moved.events) };
      });
    },

    /** The shipper's own decision after a failed attempt on their delivery. */
    async decideOwnAfterFailure(userId: string, publicId: string, decision: AfterFailureDecision) {
      const { row } = await this.decideAfterFailure(await findOwned(userId, publicId), decision, 'customer');
      return toDelivery(row);
    },

    /** Returns the failed attempts nobody decided on within FAILED_ATTEMPT_DECISION_HOURS; how many. */
    async returnUndecided(now: Date, batch = 50) {
      const before = new Date(now.getTime() - FAILED_ATTEMPT_DECISION_HOURS * 60 * 60 * 1000);
      let returned = 0;
      for (const row of await repository.findUndecidedSince(before, batch)) {
        try {
          await this.decideAfterFailure(row, 'return', 'system');
          returned++;
        } catch (error) {
          // Decided meanwhile by someone else: nothing to do.
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        }
      }
      return returned;
    },

    /** The dispatch board: one keyset page of paid deliveries by filter, each with its history (oldest first). */
    async listBoard(filter: BoardFilter, page: CursorQuery & DateRange & { driverId?: string | undefined }) {
      const found = await repository.findBoardPage(filter, afterKeyOf(page.cursor), page.limit + 1, dateRangeInstants(page), page.driverId ?? null);
      const { items: rows, nextCursor } = pageOf(found, page.limit, (row) => keyOfRow({ cursorAt: row.cursorAt, number: row.delivery.number }), (row) => row.delivery);
      return { rows, nextCursor, history: await historiesOf(rows) };
    },

    /** A driver's jobs, a keyset page: active (assigned, not yet delivered) or completed (delivered), with their history. */
    async listDriverJobs(driverId: string, scope: 'active' | 'completed', page: CursorQuery) {
      const found = await repository.findDriverJobs(driverId, scope, afterKeyOf(page.cursor), page.limit + 1);
      const { items: rows, nextCursor } = pageOf(found, page.limit, (row) => keyOfRow({ cursorAt: row.cursorAt, number: row.delivery.number }), (row) => row.delivery);
      return { rows, nextCursor, history: await historiesOf(rows) };
    },

    /** One of this driver's jobs; JOB_NO_LONGER_ASSIGNED or DELIVERY_NOT_FOUND for any other delivery. */
    findDriverJob,

    historyOf: async (row: DeliveryRow) => (await historiesOf([row])).get(row.id) ?? [],
    /** The histories of several deliveries at once (a board search's rows). */
    historiesOf,

    /** The operator's home: the board's unassigned, active and needs-a-decision tabs, each counted up to `cap` (decision 060). */
    countBoardTabs: (cap: number) => repository.countBoardTabs(cap),

    /** The driver's home: their jobs on the road, counted up to `cap`. */
    countDriverActiveJobs: (driverId: string, cap: number) => repository.countDriverActiveJobs(driverId, cap),

    /** Deliveries assigned to each driver and not yet delivered. */
    countActiveJobs: (driverIds: readonly string[]) => repository.countActiveJobs(driverIds, ACTIVE_JOB_STATUSES),

    /** Which of these stored photos are a delivery's proof (the storage sweep removes the others). */
    keptAmong: (keys: readonly string[]) => repository.proofKeysAmong(keys),

    /** What a driver earns on this delivery as it stands (integer kobo): of the fare, or of the return's fee. */
    driverEarningOf: (row: DeliveryRow) => driverEarningOf(row, driverSharePercent, rateCard),

    /**
     * A booking as stored (the merchant API pays it and answers from the row; createBooking gives its public view).
     * `origin`: a merchant API booking's mode and reference (a web booking is live, without a reference).
     */
    async book(userId: string, body: BookingBody, origin: BookingOrigin = WEB_BOOKING): Promise<DeliveryRow> {
      const source = await bookingSourceOf(userId, body, origin.livemode);
      // The history (delivery_events) starts at payment; the booking itself is dated by created_at.
      const inserted = await transactions.single((transaction) => insertBooking(transaction, userId, body, origin, source));
      return inserted ?? (await quotes.whyUnusable(userId, body.quoteId!, origin.livemode));
    },

    /**
     * The merchant API's booking (decision 056): the booking and its wallet payment in one transaction, so a booking
     * the wallet cannot pay leaves nothing behind: no delivery, no used-up quote or external reference, and no webhook
     * (the relay's triggers write in the same transaction). Paid, or what the wallet would have had to pay.
     */
    async bookPaidFromWallet(userId: string, body: BookingBody, origin: BookingOrigin): Promise<{ kind: 'paid'; delivery: DeliveryRow } | { kind: 'insufficient_balance'; amountKobo: number }> {
      const source = await bookingSourceOf(userId, body, origin.livemode);
      try {
        // On a tracking id collision, the whole booking again with another one.
        return await withTrackingIdRetry(() =>
          transactions.run(async (transaction) => {
            const booked = await insertBooking(transaction, userId, body, origin, source);
            if (!booked) throw QUOTE_UNUSABLE;
            const at = new Date();
            const trackingId = generateTrackingId();
            const outcome =
              booked.codReserveKobo !== null
                ? await payCodBookingIn(transaction, userId, booked, trackingId, at)
                : await payPlainIn(transaction, userId, booked, trackingId, at);
            if (outcome.kind === 'insufficient_balance') throw new NotCovered(amountDueOf(booked));
            if (outcome.kind !== 'paid') throw new AppError('PRICE_EXPIRED');
            return { kind: 'paid' as const, delivery: outcome.delivery };
          }),
        );
      } catch (error) {
        if (error instanceof NotCovered) return { kind: 'insufficient_balance', amountKobo: error.amountKobo };
        if (error === QUOTE_UNUSABLE) return quotes.whyUnusable(userId, body.quoteId!, origin.livemode);
        throw error;
      }
    },

    async createBooking(userId: string, body: BookingBody, origin: BookingOrigin = WEB_BOOKING) {
      return toDelivery(await this.book(userId, body, origin));
    },

    async updateBooking(userId: string, publicId: string, body: BookingBody) {
      const existing = await findOwned(userId, publicId);
      if (!isEditable(existing.status)) {
        throw new AppError('DELIVERY_NOT_EDITABLE');
      }
      const request = await quoteRequestOf(userId, body);
      const receiverLanguage = body.receiverLanguage ?? (existing.receiverLanguage as Language);
      const update = async (quote: PricedTrip, tx?: Executor) => repository.updateUnpaid(existing.id, { ...bookingValues(body, quote, receiverLanguage), ...codValues(body, quote, rateCard) }, tx);
      const row = request
        ? await transactions.single(async ({ emit }) => {
            const updated = await update(quotes.priceRequest(request));
            if (updated) emit({ type: 'delivery.updated', ...factsOf(updated) });
            return updated;
          })
        : await transactions.run(async ({ tx, emit }) => {
            const updated = await update(await quotes.claim(userId, body.quoteId!, existing.livemode, tx), tx);
            if (updated) emit({ type: 'delivery.updated', ...factsOf(updated) });
            return updated;
          });
      if (!row)
        throw new AppError('DELIVERY_NOT_EDITABLE');
      return toDelivery(row);
    },

    async getDelivery(userId: string, publicId: string) {
      return toDelivery(await findOwned(userId, publicId));
    },

    /** My Deliveries: one keyset page of one mode (live unless asked, decision 079), newest first, optionally one status group. */
    async listDeliveries(
      userId: string,
      query: { mode?: DeliveryMode; status: 'all' | DisplayStatus; kind?: 'all' | 'pay_on_delivery' } & CursorQuery & DateRange,
    ) {
      const livemode = livemodeOf(query.mode ?? 'live');
      const display = query.status === 'all' ? null : query.status;
      const range = dateRangeInstants(query);
      const page = { userId, livemode, display, after: afterKeyOf(query.cursor), limit: query.limit + 1, range };
      const rows = query.kind === 'pay_on_delivery' ? await repository.findCodPage(page) : await repository.findPage(page);
      return pageOf(rows, query.limit, keyOfRow, toDeliveryListItem);
    },

    /** What the customer spent on deliveries for the wallet page: the dashboard's "Total Spent", by month (decision 084). */
    spending: (userId: string, thisMonthStart: Date, lastMonthStart: Date) => repository.spending(userId, thisMonthStart, lastMonthStart),

    async getDashboardSummary(userId: string) {
      const [summary, balance, recent] = await Promise.all([
        repository.summarize(userId),
        wallet.findBalance(userId),
        // Live deliveries only, as the totals beside them (decisions 076, 079).
        repository.findPage({ userId, livemode: true, display: null, after: null, limit: 3 }),
      ]);
      return {
        activeDeliveries: summary.active,
        totalDelivered: summary.delivered,
        walletBalance: balance,
        totalSpent: summary.spent,
        recentDeliveries: recent.map(toDeliveryListItem),
      };
    },

    /**
     * Owner cancels before pickup. What was paid (wallet or card) goes back to the wallet in the same
     * transaction; the conditional status change makes a repeat or a race refund at most once.
     */
    async cancelDelivery(userId: string, publicId: string) {
      const existing = await findOwned(userId, publicId);
      if (existing.status === 'cancelled') return toDelivery(existing);
      if (!isCancellable(existing.status)) {
        throw new AppError('DELIVERY_NOT_CANCELLABLE');
      }
      const now = new Date();
      const deliveryId = formatDeliveryId(existing.number);
      const row = await transactions.run(async (transaction) => {
        const { tx, emit } = transaction;
        const cancelled = await repository.transitionStatus(existing.id, CANCELLABLE_STATUSES, 'cancelled', tx);
        if (!cancelled) return null;
        await repository.insertEvent({ deliveryId: cancelled.id, status: 'cancelled', createdAt: now }, tx);
        if (cancelled.paidAt && cancelled.codReserveKobo !== null) {
          // The fee back from refunds and the reserve released, one posting (decision 053).
          await wallet.post(transaction, {
            kind: 'refund',
            idempotencyKey: `refund:${cancelled.id}`,
            wallet: {
              userId,
              amountKobo: amountDueOf(cancelled),
              ledgerKind: 'refund',
              description: `Refund for cancelled delivery ${deliveryId}`,
              deliveryId: cancelled.id,
              deliveryNumber: cancelled.number,
              cause: 'delivery_cancelled',
              sandboxKobo: cancelled.paidSandboxKobo,
            },
            lines: [
              { account: ACCOUNTS.refunds, amountKobo: -cancelled.totalKobo },
              { account: ACCOUNTS.codReserve(cancelled.id), amountKobo: -cancelled.codReserveKobo },
            ],
          });
          await refundReceiver(transaction, cancelled);
        } else if (cancelled.paidAt) {
          await wallet.refund(transaction, {
            userId,
            amountKobo: cancelled.totalKobo,
            // Sandbox money stays sandbox money (decision 018).
            sandboxKobo: cancelled.paidSandboxKobo,
            description: `Refund for cancelled delivery ${deliveryId}`,
            deliveryId: cancelled.id,
            deliveryNumber: cancelled.number,
            idempotencyKey: `refund:${cancelled.id}`,
            cause: 'delivery_cancelled',
          });
        }
        emit({ type: 'delivery.cancelled', refundedKobo: cancelled.paidAt ? amountDueOf(cancelled) : null, ...factsOf(cancelled) });
        return cancelled;
      });
      if (row) return toDelivery(row);
      // Lost a race (paid-and-picked-up, or cancelled by a parallel request): report what it is now.
      const current = await findOwned(userId, publicId);
      if (current.status === 'cancelled') return toDelivery(current);
      throw new AppError('DELIVERY_NOT_CANCELLABLE');
    },
  };
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
