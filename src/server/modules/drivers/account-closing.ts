import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { drivers } from '../../db/schema/index.js';

/**
 * A deleted driver's vehicle record goes, so no operator can assign them again (decision 059). The ratings stay with
 * the deliveries they rate.
 */
export function createDriversAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(drivers).where(eq(drivers.userId, userId));
    },
  };
}
