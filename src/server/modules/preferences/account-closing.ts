import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userPreferences } from '../../db/schema/index.js';

/** A deleted account's notification preferences go (decision 059): no row means every option is off. */
export function createPreferencesAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(userPreferences).where(eq(userPreferences.userId, userId));
    },
  };
}
