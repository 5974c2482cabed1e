import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { addresses } from '../../db/schema/index.js';

/** A deleted account's address book goes (decision 059); the deliveries keep the addresses they were booked with. */
export function createAddressesAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(addresses).where(eq(addresses.userId, userId));
    },
  };
}
