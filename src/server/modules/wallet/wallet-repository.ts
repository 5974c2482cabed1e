import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ledgerEntries, wallets } from '../../db/schema/index.js';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export interface LedgerInput {
  userId: string;
  amountKobo: number;
  kind: LedgerKind;
  description: string;
  deliveryId?: string;
  idempotencyKey: string;
}

export function createWalletRepository(db: Executor) {
  return {
    async findBalance(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ balance: wallets.balanceKobo })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .limit(1);
      return row?.balance ?? 0;
    },

    /**
     * Debits only when the balance covers it, in one statement: under concurrency the row lock makes
     * each debit see the previous one, so the balance never goes below zero. Null when it does not cover.
     */
    async debitIfCovered(userId: string, amountKobo: number, tx: Executor = db): Promise<number | null> {
      const [row] = await tx
        .update(wallets)
        .set({ balanceKobo: sql`${wallets.balanceKobo} - ${amountKobo}`, updatedAt: new Date() })
        .where(and(eq(wallets.userId, userId), gte(wallets.balanceKobo, amountKobo)))
        .returning({ balance: wallets.balanceKobo });
      return row?.balance ?? null;
    },

    /** Credits, creating the wallet on first use. Returns the new balance. */
    async credit(userId: string, amountKobo: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .insert(wallets)
        .values({ userId, balanceKobo: amountKobo })
        .onConflictDoUpdate({
          target: wallets.userId,
          set: { balanceKobo: sql`${wallets.balanceKobo} + ${amountKobo}`, updatedAt: new Date() },
        })
        .returning({ balance: wallets.balanceKobo });
      return row!.balance;
    },

    async insertLedgerEntry(entry: LedgerInput & { balanceAfterKobo: number }, tx: Executor = db) {
      await tx.insert(ledgerEntries).values(entry);
    },

    async findLedgerEntry(idempotencyKey: string, tx: Executor = db, options: { lock?: boolean } = {}) {
      const query = tx.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, idempotencyKey)).limit(1);
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async sumLedger(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountKobo}), 0)`.mapWith(Number) })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId));
      return row?.total ?? 0;
    },
  };
}
export type WalletRepository = ReturnType<typeof createWalletRepository>;
