import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { imports } from '../../db/schema/index.js';

/**
 * A deleted account's bulk imports go (decision 059): the uploaded rows' cells and plans; the deliveries they booked
 * stay. A validation under way finds its row gone and writes nothing.
 */
export function createImportsAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(imports).where(eq(imports.userId, userId));
    },
  };
}
