import type { Transaction } from '../../db/transactions.js';
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
}

export function toDriver(row: DriverRow): Driver {
  const { ratingTotal, ratingCount, ...rest } = row;
  return { ...rest, rating: ratingCount > 0 ? Math.round((ratingTotal / ratingCount) * 10) / 10 : null, reviews: ratingCount };
}

interface Deps {
  repository: DriversRepository;
  users: Pick<UsersService, 'grantRole'>;
}

/** Drivers: approved transportation partners, their vehicle (what deliveries they can take) and their rating. */
export function createDriversService({ repository, users }: Deps) {
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

    /** The drivers whose vehicle suits a delivery's transport mode. */
    async listForTransportMode(transportMode: TransportMode): Promise<Driver[]> {
      return (await repository.listForTransportMode(transportMode)).map(toDriver);
    },
  };
}
export type DriversService = ReturnType<typeof createDriversService>;
