import type { Transaction, Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import type { DeliveryRating, DriverDuty, RateDeliveryBody } from '../../../shared/schemas/dispatch.js';
import type { DeliveriesService } from '../deliveries/deliveries-service.js';
import { factsOf } from '../deliveries/deliveries-service.js';
import { isRatable } from '../deliveries/delivery-lifecycle.js';
import { DRIVER_ROLE } from '../../../shared/roles.js';
import type { TransportMode } from '../../../shared/schemas/deliveries.js';
import type { UsersService } from '../users/users-service.js';
import type { DriverRow, DriversRepository, NewDriver } from './drivers-repository.js';

export interface Driver {
  userId: string;
  name: string;
  phone: string | null;
  transportMode: string;
  vehicleType: string;
  vehicleBrand: string | null;
  plateNumber: string;
  /** The average of the customers' ratings, one decimal; null before the first. */
  rating: number | null;
  reviews: number;
  /** Their own duty switch (decision 063): an off-duty driver cannot be assigned. */
  onDuty: boolean;
  onDutyChangedAt: Date | null;
}

export function toDriver(row: DriverRow): Driver {
  const { ratingTotal, ratingCount, ...rest } = row;
  return { ...rest, rating: ratingCount > 0 ? Math.round((ratingTotal / ratingCount) * 10) / 10 : null, reviews: ratingCount };
}

interface Deps {
  repository: DriversRepository;
  users: Pick<UsersService, 'grantRole'>;
  transactions: Pick<Transactions, 'run'>;
  deliveries: Pick<DeliveriesService, 'findOwned'>;
}

function toDuty(row: { onDuty: boolean; changedAt: Date | null }): DriverDuty {
  return { onDuty: row.onDuty, changedAt: row.changedAt?.toISOString() ?? null };
}

function toRating(row: { stars: number; comment: string | null; createdAt: Date }): DeliveryRating {
  return { stars: row.stars, comment: row.comment, createdAt: row.createdAt.toISOString() };
}

/** Drivers: approved transportation partners, their vehicle (what deliveries they can take) and their rating. */
export function createDriversService({ repository, users, transactions, deliveries }: Deps) {
  return {
    /** Makes the user a driver with this vehicle on record, in the caller's transaction (an application's approval). */
    async register({ tx }: Transaction, driver: NewDriver) {
      await repository.upsert(driver, tx);
      await users.grantRole(tx, driver.userId, DRIVER_ROLE);
    },

    async find(userId: string): Promise<Driver | null> {
      const row = await repository.find(userId);
      return row ? toDriver(row) : null;
    },

    /** Several drivers at once, by user id (the dispatch board's rows). */
    async findMany(userIds: readonly string[]): Promise<Map<string, Driver>> {
      return new Map((await repository.findMany(userIds)).map((row) => [row.userId, toDriver(row)]));
    },

    /**
     * The customer rates the driver of their delivered delivery, once: the rating and the driver's totals in one
     * transaction (the delivery is the rating's key, so a second one, even in parallel, is refused).
     */
    async rateDelivery(customerId: string, publicId: string, body: RateDeliveryBody): Promise<DeliveryRating> {
      const delivery = await deliveries.findOwned(customerId, publicId);
      if (!isRatable(delivery.status) || !delivery.driverId) throw new AppError('DELIVERY_NOT_RATABLE');
      const driverId = delivery.driverId;
      return transactions.run(async ({ tx, emit }) => {
        const rating = await repository.insertRating(
          { deliveryId: delivery.id, driverId, customerId, stars: body.stars, comment: body.comment ? body.comment : null },
          tx,
        );
        if (!rating) throw new AppError('ALREADY_RATED');
        await repository.addToRatingTotals(driverId, body.stars, tx);
        emit({ type: 'delivery.rated', stars: body.stars, ...factsOf(delivery) });
        return toRating(rating);
      });
    },

    async findRating(deliveryId: string): Promise<DeliveryRating | null> {
      const row = await repository.findRating(deliveryId);
      return row ? toRating(row) : null;
    },

    /**
     * The driver goes on or off duty (decision 063). Switching to the state they are already in changes nothing and
     * publishes nothing; a change publishes `driver.duty_changed` once committed, for the operators' assign dialogs.
     * A driver without a vehicle on record has no switch: DRIVER_NOT_FOUND.
     */
    async switchDuty(userId: string, onDuty: boolean): Promise<DriverDuty> {
      return transactions.run(async ({ tx, emit }) => {
        const switched = await repository.switchDuty(userId, onDuty, tx);
        if (switched) {
          emit({ type: 'driver.duty_changed', userId, onDuty });
          return toDuty(switched);
        }
        const current = await repository.findDuty(userId, tx);
        if (!current) throw new AppError('DRIVER_NOT_FOUND');
        return toDuty(current);
      });
    },

    /** The drivers whose vehicle suits a delivery's transport mode, on duty or not (the dialog shows both). */
    /** Without a mode, every driver (the board's driver filter). */
    async listForTransportMode(transportMode?: TransportMode): Promise<Driver[]> {
      return (await repository.listForTransportMode(transportMode)).map(toDriver);
    },
  };
}
export type DriversService = ReturnType<typeof createDriversService>;
