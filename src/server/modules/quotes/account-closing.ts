import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { quotes } from '../../db/schema/index.js';

/** A deleted account's price quotes go (decision 059); a booking keeps the price it was made at. */
export function createQuotesAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(quotes).where(eq(quotes.userId, userId));
    },
  };
}
