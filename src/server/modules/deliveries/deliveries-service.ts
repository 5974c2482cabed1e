import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { priceDelivery } from '../../../shared/pricing.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import { formatNaira } from '../../../shared/money.js';
import {
  BOOKING_MESSAGES,
  DELIVERY_STATUSES,
  DISPLAY_STATUS_OF,
  type BookingBody,
  type DisplayStatus,
} from '../../../shared/schemas/deliveries.js';
import type { DeliveriesRepository, DeliveryRow } from './deliveries-repository.js';
import type { WalletRepository } from '../wallet/wallet-repository.js';
import type { NotificationsRepository } from '../notifications/notifications-repository.js';
import { lagosDate, toDelivery, toDeliveryListItem } from './delivery-view.js';
import { CANCELLABLE_STATUSES, isCancellable, isEditable } from './delivery-lifecycle.js';

/** The quoted price holds this long; paying after it means re-pricing first. */
export const PRICE_LOCK_MS = 30 * 60 * 1000;
const MAX_DAYS_AHEAD = 366;

export const DELIVERY_NOT_FOUND_MESSAGE = 'We could not find that delivery.';

interface Deps {
  db: Db;
  bookings: DeliveriesRepository;
  wallet: WalletRepository;
  notifications: NotificationsRepository;
  /** Call after every committed write to a user's deliveries: cached reads of them are dropped. */
  deliveriesChanged: (userId: string) => void;
}

/** A date the form's calendar allows: today (Lagos) up to a year ahead. */
function assertDeliveryDate(date: string, now: Date) {
  const today = lagosDate(now);
  const latest = lagosDate(new Date(now.getTime() + MAX_DAYS_AHEAD * 24 * 60 * 60 * 1000));
  const message =
    date < today ? BOOKING_MESSAGES.deliveryDateInvalid : date > latest ? BOOKING_MESSAGES.deliveryDateTooFar : null;
  if (message) throw new AppError('VALIDATION_FAILED', message, { details: { deliveryDate: [message] } });
}

/** The priced, stored form of a booking: the server's own price, never the client's. */
function bookingValues(body: BookingBody, now: Date) {
  const price = priceDelivery(body);
  return {
    receiverName: body.receiverName,
    receiverPhone: body.receiverPhone,
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

export function createDeliveriesService({ db, bookings, wallet, notifications, deliveriesChanged }: Deps) {
  async function findOwned(userId: string, publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await bookings.findByNumber(number, userId);
    if (!row) throw new AppError('DELIVERY_NOT_FOUND', DELIVERY_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    findOwned,

    async createBooking(userId: string, body: BookingBody) {
      const now = new Date();
      assertDeliveryDate(body.deliveryDate, now);
      // The history (delivery_events) starts at payment; the booking itself is dated by created_at.
      const row = await bookings.insertDelivery({
        userId,
        ...bookingValues(body, now),
        createdAt: now,
        updatedAt: now,
      });
      deliveriesChanged(userId);
      return toDelivery(row);
    },

    async updateBooking(userId: string, publicId: string, body: BookingBody) {
      const existing = await findOwned(userId, publicId);
      const now = new Date();
      if (!isEditable(existing.status)) {
        throw new AppError(
          'DELIVERY_NOT_EDITABLE',
          'This delivery has been paid for or cancelled and can no longer be edited.',
        );
      }
      assertDeliveryDate(body.deliveryDate, now);
      const row = await bookings.updateUnpaid(existing.id, bookingValues(body, now));
      deliveriesChanged(userId);
      if (!row)
        throw new AppError(
          'DELIVERY_NOT_EDITABLE',
          'This delivery has been paid for or cancelled and can no longer be edited.',
        );
      return toDelivery(row);
    },

    async getDelivery(userId: string, publicId: string) {
      return toDelivery(await findOwned(userId, publicId));
    },

    async listDeliveries(userId: string, query: { status: 'all' | DisplayStatus; page: number; pageSize: number }) {
      const statuses = query.status === 'all' ? null : statusesForDisplay(query.status);
      const { items, total } = await bookings.findPage(
        userId,
        statuses,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: items.map(toDeliveryListItem), page: query.page, pageSize: query.pageSize, total };
    },

    async getDashboardSummary(userId: string) {
      const [summary, balance, recent] = await Promise.all([
        bookings.summarize(userId),
        wallet.findBalance(userId),
        bookings.findPage(userId, null, 3, 0),
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
        throw new AppError(
          'DELIVERY_NOT_CANCELLABLE',
          'This delivery has already been picked up and can no longer be cancelled.',
        );
      }
      const now = new Date();
      const deliveryId = formatDeliveryId(existing.number);
      const row = await db.transaction(async (tx) => {
        const cancelled = await bookings.transitionStatus(existing.id, CANCELLABLE_STATUSES, 'cancelled', tx);
        if (!cancelled) return null;
        await bookings.insertEvent({ deliveryId: cancelled.id, status: 'cancelled', createdAt: now }, tx);
        if (cancelled.paidAt) {
          const balanceAfterKobo = await wallet.credit(userId, cancelled.totalKobo, tx);
          await wallet.insertLedgerEntry(
            {
              userId,
              amountKobo: cancelled.totalKobo,
              balanceAfterKobo,
              kind: 'refund',
              description: `Refund for cancelled delivery ${deliveryId}`,
              deliveryId: cancelled.id,
              idempotencyKey: `refund:${cancelled.id}`,
            },
            tx,
          );
          await notifications.insertNotification(
            {
              userId,
              type: 'delivery',
              messageKey: 'deliveryCancelledRefunded',
              params: { deliveryId, amount: formatNaira(cancelled.totalKobo), amountKobo: cancelled.totalKobo },
            },
            tx,
          );
        } else {
          await notifications.insertNotification(
            { userId, type: 'delivery', messageKey: 'deliveryCancelled', params: { deliveryId } },
            tx,
          );
        }
        return cancelled;
      });
      deliveriesChanged(userId);
      if (row) return toDelivery(row);
      // Lost a race (paid-and-picked-up, or cancelled by a parallel request): report what it is now.
      const current = await findOwned(userId, publicId);
      if (current.status === 'cancelled') return toDelivery(current);
      throw new AppError(
        'DELIVERY_NOT_CANCELLABLE',
        'This delivery has already been picked up and can no longer be cancelled.',
      );
    },
  };
}
export type DeliveriesService = ReturnType<typeof createDeliveriesService>;
