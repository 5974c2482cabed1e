import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { liveEventHeads, liveEvents } from '../../db/schema/index.js';

/** A deleted account's live event history goes (decision 059); its open streams end on `user.deleted`. */
export function createLiveAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(liveEvents).where(eq(liveEvents.userId, userId));
      await tx.delete(liveEventHeads).where(eq(liveEventHeads.userId, userId));
    },
  };
}
