import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deliveryRatings, drivers, users } from '../../db/schema/index.js';
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
  onDuty: drivers.onDuty,
  onDutyChangedAt: drivers.onDutyChangedAt,
};

const DUTY_COLUMNS = { onDuty: drivers.onDuty, changedAt: drivers.onDutyChangedAt };

/** Owns `drivers` and `delivery_ratings`. Reads the driver's name and phone from users by a join. */
export function createDriversRepository(db: Executor) {
  /** Every assignment reads its driver: built once, prepared in PostgreSQL. */
  let findStatement: ReturnType<typeof prepareFind> | undefined;
  function prepareFind() {
    return db
      .select(DRIVER_COLUMNS)
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(drivers.userId, sql.placeholder('userId')))
      .prepare('driver_by_user');
  }

  return {
    /**
     * A driver's vehicle on record; approving again replaces it (a new vehicle). A new driver starts off duty and
     * switches on themselves (decision 093); a driver approved again keeps the duty they chose.
     */
    async upsert(driver: NewDriver, tx: Executor = db) {
      await tx
        .insert(drivers)
        .values({ ...driver, onDuty: false })
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

    async find(userId: string) {
      const [row] = await (findStatement ??= prepareFind()).execute({ userId });
      return row ?? null;
    },

    async findMany(userIds: readonly string[], tx: Executor = db) {
      if (userIds.length === 0) return [];
      return tx.select(DRIVER_COLUMNS).from(drivers).innerJoin(users, eq(users.id, drivers.userId)).where(inArray(drivers.userId, [...userIds]));
    },

    /** The delivery's one rating; null when a second one was refused (the delivery is the key). */
    async insertRating(rating: typeof deliveryRatings.$inferInsert, tx: Executor) {
      const [row] = await tx.insert(deliveryRatings).values(rating).onConflictDoNothing().returning();
      return row ?? null;
    },

    async addToRatingTotals(userId: string, stars: number, tx: Executor) {
      await tx
        .update(drivers)
        .set({ ratingTotal: sql`${drivers.ratingTotal} + ${stars}`, ratingCount: sql`${drivers.ratingCount} + 1` })
        .where(eq(drivers.userId, userId));
    },

    async findRating(deliveryId: string, tx: Executor = db) {
      const [row] = await tx.select().from(deliveryRatings).where(eq(deliveryRatings.deliveryId, deliveryId)).limit(1);
      return row ?? null;
    },

    /**
     * Switches the driver's duty and stamps the time, only when it changes (null: no driver row, or already so).
     * The one row is the driver's own; nothing else writes these columns.
     */
    async switchDuty(userId: string, onDuty: boolean, tx: Executor = db) {
      const [row] = await tx
        .update(drivers)
        .set({ onDuty, onDutyChangedAt: sql`now()` })
        .where(and(eq(drivers.userId, userId), ne(drivers.onDuty, onDuty)))
        .returning(DUTY_COLUMNS);
      return row ?? null;
    },

    async findDuty(userId: string, tx: Executor = db) {
      const [row] = await tx.select(DUTY_COLUMNS).from(drivers).where(eq(drivers.userId, userId)).limit(1);
      return row ?? null;
    },

    async listForTransportMode(transportMode: TransportMode | undefined, tx: Executor = db) {
      return tx
        .select(DRIVER_COLUMNS)
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.userId))
        .where(and(transportMode === undefined ? undefined : eq(drivers.transportMode, transportMode), sql`'driver' = any(${users.roles})`))
        .orderBy(users.name);
    },
  };
}
export type DriversRepository = ReturnType<typeof createDriversRepository>;
export type DriverRow = NonNullable<Awaited<ReturnType<DriversRepository['find']>>>;
