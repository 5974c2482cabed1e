import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookEndpoints, webhookEvents, webhookRelayQueue } from '../../db/schema/index.js';

/**
 * A deleted account's webhooks go (decision 059): its endpoints (with their secrets, sends and attempt log), the
 * events built for them and any change still queued for the relay. A send under way finds its row gone and records
 * nothing (recordAttempt settles only the send it claimed).
 */
export function createWebhooksAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx.delete(webhookRelayQueue).where(eq(webhookRelayQueue.userId, userId));
      await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
      await tx.delete(webhookEvents).where(eq(webhookEvents.userId, userId));
    },
  };
}
