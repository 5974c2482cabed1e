import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { drivers, users } from '../../db/schema/index.js';
import type { TransportMode } from '../../../shared/schemas/deliveries.js';

export interface NewDriver {
  userId: string;
  transportMode: TransportMode;
  vehicleType: string;
  vehicleBrand: string | null;
  plateNumber: string;
  applicationId: string | null;
}

const DRIVER_COLUMNS = {
  userId: drivers.userId,
  name: users.name,
  phone: sql<string | null>`coalesce(${users.phone}, ${users.whatsappNumber})`,
  transportMode: drivers.transportMode,
  vehicleType: drivers.vehicleType,
  vehicleBrand: drivers.vehicleBrand,
  plateNumber: drivers.plateNumber,
  ratingTotal: drivers.ratingTotal,
  ratingCount: drivers.ratingCount,
};

/** Owns `drivers` (and, later, `delivery_ratings`). Reads the driver's name and phone from users by a join. */
export function createDriversRepository(db: Executor) {
  return {
    /** A driver's vehicle on record; approving again replaces it (a new vehicle). */
    async upsert(driver: NewDriver, tx: Executor = db) {
      await tx
        .insert(drivers)
        .values(driver)
        .onConflictDoUpdate({
          target: drivers.userId,
          set: {
            transportMode: driver.transportMode,
            vehicleType: driver.vehicleType,
            vehicleBrand: driver.vehicleBrand,
            plateNumber: driver.plateNumber,
            applicationId: driver.applicationId,
          },
        });
    },

    async find(userId: string, tx: Executor = db) {
      const [row] = await tx.select(DRIVER_COLUMNS).from(drivers).innerJoin(users, eq(users.id, drivers.userId)).where(eq(drivers.userId, userId));
      return row ?? null;
    },

    async listForTransportMode(transportMode: TransportMode, tx: Executor = db) {
      return tx
        .select(DRIVER_COLUMNS)
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.userId))
        .where(and(eq(drivers.transportMode, transportMode), sql`'driver' = any(${users.roles})`))
        .orderBy(users.name);
    },
  };
}
export type DriversRepository = ReturnType<typeof createDriversRepository>;
export type DriverRow = NonNullable<Awaited<ReturnType<DriversRepository['find']>>>;
