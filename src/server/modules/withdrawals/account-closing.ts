import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { withdrawals } from '../../db/schema/index.js';

/** Closing an account waits for its withdrawals; their rows stay with the ledger they belong to (decision 059). */
export function createWithdrawalsAccountClosing() {
  return {
    /** Whether a withdrawal of the user is still on its way to the bank (its money held, its outcome unknown). */
    async hasPendingWithdrawal(tx: Executor, userId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')))
        .limit(1);
      return row !== undefined;
    },
  };
}
