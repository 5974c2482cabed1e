import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ACTIVE_JOB_STATUS_SQL, deliveries } from '../../db/schema/index.js';

/**
 * Closing an account (decision 059): deliveries stay, they are the shipper's record and the ledger's; the receiver's
 * name and phone on them are the receiver's, kept with that record. A deleted driver's phone number leaves the
 * deliveries it carried.
 */
export function createDeliveriesAccountClosing() {
  return {
    /**
     * Deliveries on their way, as the shipper (paid, not delivered, returned or cancelled; test-mode ones, which nobody
     * carries, aside) or as their driver.
     */
    async countDeliveriesUnderway(tx: Executor, userId: string): Promise<number> {
      const [shipped] = await tx
        .select({ n: count() })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.livemode, true), ACTIVE_JOB_STATUS_SQL));
      const [carried] = await tx
        .select({ n: count() })
        .from(deliveries)
        .where(and(eq(deliveries.driverId, userId), ACTIVE_JOB_STATUS_SQL));
      return (shipped?.n ?? 0) + (carried?.n ?? 0);
    },

    /** The phone number copied onto the deliveries a deleted driver carried; the name stays with the shipper's record. */
    async forgetDriverContact(tx: Executor, userId: string): Promise<void> {
      await tx
        .update(deliveries)
        .set({ driverPhone: null })
        .where(and(eq(deliveries.driverId, userId), isNotNull(deliveries.driverPhone)));
    },
  };
}
