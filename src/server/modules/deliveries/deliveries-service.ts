import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { DeliveryFacts } from '../../lib/domain-events.js';
import type { Transaction, Transactions } from '../../db/transactions.js';
import { priceDelivery } from '../../../shared/pricing.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import type { Language } from '../../../shared/i18n.js';
import {
  BOOKING_MESSAGE_KEYS,
  DELIVERY_STATUSES,
  DISPLAY_STATUS_OF,
  type BookingBody,
  type DeliveryStatus,
  type DisplayStatus,
} from '../../../shared/schemas/deliveries.js';
import type { DeliveriesRepository, DeliveryRow, PaidFields } from './deliveries-repository.js';
import type { WalletService } from '../wallet/wallet-service.js';
import { lagosDate, toDelivery, toDeliveryListItem } from './delivery-view.js';
import {
  CANCELLABLE_STATUSES,
  DRIVER_ASSIGNABLE_STATUSES,
  isCancellable,
  isEditable,
} from './delivery-lifecycle.js';

export type { DeliveryRow, DeliveryEventRow } from './deliveries-repository.js';

/** The quoted price holds this long; paying after it means re-pricing first. */
export const PRICE_LOCK_MS = 30 * 60 * 1000;
const MAX_DAYS_AHEAD = 366;

interface Deps {
  transactions: Pick<Transactions, 'run' | 'single'>;
  repository: DeliveriesRepository;
  wallet: Pick<WalletService, 'findBalance' | 'refund'>;
  /** How much of what paid this delivery was sandbox money (decision 018); its refund stays marked. */
  sandboxPartOfPayment: (row: DeliveryRow, tx: Executor) => Promise<number>;
  /** The sender's account language: the receiver's when the booking names none. */
  accountLanguageOf: (userId: string) => Promise<Language>;
}

/** What every delivery event carries, so subscribers need no query. */
export function factsOf(row: DeliveryRow): DeliveryFacts {
  return { userId: row.userId, deliveryId: row.id, number: row.number, trackingId: row.trackingId };
}

/** A date the form's calendar allows: today (Lagos) up to a year ahead. */
function assertDeliveryDate(date: string, now: Date) {
  const today = lagosDate(now);
  const latest = lagosDate(new Date(now.getTime() + MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000));
  const key =
    date < today ? BOOKING_MESSAGE_KEYS.deliveryDateInvalid : date > latest ? BOOKING_MESSAGE_KEYS.deliveryDateTooFar : null;
  if (key) throw new AppError('VALIDATION_FAILED', { fields: { deliveryDate: [key] } });
}

/** The priced, stored form of a booking: the server's own price, never the client's. */
function bookingValues(body: BookingBody, receiverLanguage: Language, now: Date) {
  const price = priceDelivery(body);
  return {
    receiverName: body.receiverName,
    receiverPhone: body.receiverPhone,
    receiverLanguage,
    pickupLocation: body.pickupLocation,
    dropoffLocation: body.dropoffLocation,
    packageType: body.packageType,
    packageWeight: body.packageWeight,
    transportMode: body.transportMode,
    deliveryType: body.deliveryType,
    deliveryTime: body.deliveryTime,
    deliveryDate: body.deliveryDate,
    description: body.description ? body.description : null,
    baseFareKobo: price.baseFare,
    distanceFeeKobo: price.distanceFee,
    serviceFeeKobo: price.serviceFee,
    totalKobo: price.total,
    priceLockedUntil: new Date(now.getTime() + PRICE_LOCK_MS),
  };
}

export function statusesForDisplay(display: DisplayStatus) {
  return DELIVERY_STATUSES.filter((status) => DISPLAY_STATUS_OF[status] === display);
}

/** The only writer of deliveries and delivery_events; every write publishes its event once committed. */
export function createDeliveriesService({ transactions, repository, wallet, sandboxPartOfPayment, accountLanguageOf }: Deps) {
  async function findOwned(userId: string, publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await repository.findByNumber(number, userId);
    if (!row) throw new AppError('DELIVERY_NOT_FOUND');
    return row;
  }

  return {
    findOwned,

    /** Any delivery by its public id (operators); DELIVERY_NOT_FOUND otherwise. */
    async findAny(publicId: string): Promise<DeliveryRow> {
      const number = parseDeliveryId(publicId);
      const row = number === null ? null : await repository.findByNumber(number, null);
      if (!row) throw new AppError('DELIVERY_NOT_FOUND');
      return row;
    },

    findById: (id: string, tx?: Executor) => repository.findById(id, tx),
    findByTrackingIdWithEvents: (trackingId: string, userId: string) =>
      repository.findByTrackingIdWithEvents(trackingId, userId),
    /** Anyone's delivery by its tracking id, for the public tracking page: the caller shows only what is public. */
    findByTrackingIdForPublic: (trackingId: string) => repository.findByTrackingIdWithEvents(trackingId, null),

    /** A card payment's paid side, in the settling transaction: conditional, null when no longer payable so. */
    async markPaid(transaction: Transaction, id: string, fields: PaidFields) {
      const row = await repository.markPaid(id, fields, transaction.tx);
      if (!row) return null;
      await repository.insertEvent(
        { deliveryId: row.id, status: 'pending', note: `paid:${fields.paymentMethod}`, createdAt: fields.paidAt },
        transaction.tx,
      );
      transaction.emit({ type: 'delivery.paid', method: fields.paymentMethod, amountKobo: row.totalKobo, ...factsOf(row) });
      return row;
    },

    /** Null when the delivery is not (or no longer) in a status that takes a driver. */
    async assignDriver(
      id: string,
      driver: { name: string; phone: string; ratingTenths: number; reviews: number },
    ): Promise<DeliveryRow | null> {
      return transactions.run(async ({ tx, emit }) => {
        const updated = await repository.setDriver(id, driver, DRIVER_ASSIGNABLE_STATUSES, tx);
        if (!updated) return null;
        await repository.insertEvent({ deliveryId: updated.id, status: 'driver_assigned', note: driver.name }, tx);
        emit({ type: 'delivery.driver_assigned', driverName: driver.name, ...factsOf(updated) });
        return updated;
      });
    },

    /** One move of the lifecycle, checked by the caller; null when the delivery was no longer in `from`. */
    async moveStatus(id: string, from: DeliveryStatus, to: DeliveryStatus, note?: string) {
      return transactions.run(async ({ tx, emit }) => {
        const updated = await repository.transitionStatus(id, [from], to, tx);
        if (!updated) return null;
        await repository.insertEvent({ deliveryId: updated.id, status: to, note }, tx);
        emit({ type: 'delivery.status_changed', status: to, ...factsOf(updated) });
        return updated;
      });
    },

    async createBooking(userId: string, body: BookingBody) {
      const now = new Date();
      assertDeliveryDate(body.deliveryDate, now);
      const receiverLanguage = body.receiverLanguage ?? (await accountLanguageOf(userId));
      // The history (delivery_events) starts at payment; the booking itself is dated by created_at.
      const row = await transactions.single(async ({ emit }) => {
        const inserted = await repository.insertDelivery({
          userId,
          ...bookingValues(body, receiverLanguage, now),
          createdAt: now,
          updatedAt: now,
        });
        emit({ type: 'delivery.created', ...factsOf(inserted) });
        return inserted;
      });
      return toDelivery(row);
    },

    async updateBooking(userId: string, publicId: string, body: BookingBody) {
      const existing = await findOwned(userId, publicId);
      const now = new Date();
      if (!isEditable(existing.status)) {
        throw new AppError('DELIVERY_NOT_EDITABLE');
      }
      assertDeliveryDate(body.deliveryDate, now);
      const row = await transactions.single(async ({ emit }) => {
        const receiverLanguage = body.receiverLanguage ?? (existing.receiverLanguage as Language);
        const updated = await repository.updateUnpaid(existing.id, bookingValues(body, receiverLanguage, now));
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

    async listDeliveries(userId: string, query: { status: 'all' | DisplayStatus; page: number; pageSize: number }) {
      const statuses = query.status === 'all' ? null : statusesForDisplay(query.status);
      const { items, total } = await repository.findPage(
        userId,
        statuses,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: items.map(toDeliveryListItem), page: query.page, pageSize: query.pageSize, total };
    },

    async getDashboardSummary(userId: string) {
      const [summary, balance, recent] = await Promise.all([
        repository.summarize(userId),
        wallet.findBalance(userId),
        repository.findPage(userId, null, 3, 0),
      ]);
      return {
        activeDeliveries: summary.active,
        totalDelivered: summary.delivered,
        walletBalance: balance,
        totalSpent: summary.spent,
        recentDeliveries: recent.items.map(toDeliveryListItem),
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
        if (cancelled.paidAt) {
          await wallet.refund(transaction, {
            userId,
            amountKobo: cancelled.totalKobo,
            sandboxKobo: await sandboxPartOfPayment(cancelled, tx),
            description: `Refund for cancelled delivery ${deliveryId}`,
            deliveryId: cancelled.id,
            deliveryNumber: cancelled.number,
            idempotencyKey: `refund:${cancelled.id}`,
            cause: 'delivery_cancelled',
          });
        }
        emit({ type: 'delivery.cancelled', refundedKobo: cancelled.paidAt ? cancelled.totalKobo : null, ...factsOf(cancelled) });
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
