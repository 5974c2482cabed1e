import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

/** A deleted account's in-app notifications go (decision 059). */
export function createNotificationsAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(notifications).where(eq(notifications.userId, userId));
    },
  };
}
