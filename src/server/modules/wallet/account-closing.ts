import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { wallets } from '../../db/schema/index.js';
import { payableOutSql } from './payable-out.js';

/**
 * What the wallet says about closing its owner's account (decision 059). The wallet and every ledger line stay as
 * they are: the ledger is append-only, and the law keeps its records for six years.
 */
export function createWalletAccountClosing() {
  return {
    /**
     * Locks the wallet row for the rest of the deletion's transaction, so no movement lands between this answer and
     * the commit (every movement writes that row), and says what it holds: the money that could still leave in a
     * withdrawal (test money never can, decision 018) and what its owner owes. No wallet: nothing either way.
     */
    async lockWallet(tx: Executor, userId: string): Promise<{ withdrawableKobo: number; owedKobo: number }> {
      const [row] = await tx
        .select({ withdrawableKobo: sql<number>`${payableOutSql}`.mapWith(Number), owedKobo: wallets.owedKobo })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .for('update')
        .limit(1);
      return { withdrawableKobo: row?.withdrawableKobo ?? 0, owedKobo: row?.owedKobo ?? 0 };
    },
  };
}
