import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';

/**
 * A deleted account's API keys are revoked in the deletion's transaction (decision 059): no request made with one
 * after the commit is served, whatever the caches hold (they are dropped on `user.deleted`, and an account without
 * the customer role holds no usable key anyway).
 */
export function createApiKeysAccountClosing() {
  return {
    async forgetUser(tx: Executor, userId: string): Promise<void> {
      await tx
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    },
  };
}
