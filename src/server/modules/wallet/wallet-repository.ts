import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ledgerEntries, postingLines, postings, wallets, type PlatformAccountType } from '../../db/schema/index.js';
import { payableOutSql } from './payable-out.js';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

export type PostingKind = (typeof postings.$inferInsert)['kind'];

/** A line on one of the platform's accounts (the wallet's own line is its ledger entry). */
export interface PlatformLine {
  accountType: PlatformAccountType;
  accountKey?: string;
  amountKobo: number;
}

export interface LedgerInput {
  postingId: string;
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

    /**
     * Like debitIfCovered, but only from what may leave the platform (payableOutSql: on branches with sandbox money,
     * the balance less its sandbox part). One conditional statement, so parallel withdrawals never overdraw.
     */
    async debitIfPayableOut(userId: string, amountKobo: number, tx: Executor = db): Promise<number | null> {
      const [row] = await tx
        .update(wallets)
        .set({ balanceKobo: sql`${wallets.balanceKobo} - ${amountKobo}`, updatedAt: new Date() })
        .where(and(eq(wallets.userId, userId), gte(payableOutSql, amountKobo)))
        .returning({ balance: wallets.balanceKobo });
      return row?.balance ?? null;
    },

    async findPayableOut(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ payable: sql<number>`${payableOutSql}`.mapWith(Number) })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .limit(1);
      return row?.payable ?? 0;
    },

    /** A posting and its platform lines; the caller writes the wallet's line (ledger entry) with the same id. */
    async insertPosting(
      posting: { kind: PostingKind; idempotencyKey: string; paymentId?: string | null; lines: PlatformLine[] },
      tx: Executor = db,
    ): Promise<string> {
      const [row] = await tx
        .insert(postings)
        .values({ kind: posting.kind, idempotencyKey: posting.idempotencyKey, paymentId: posting.paymentId ?? null })
        .returning({ id: postings.id });
      if (posting.lines.length > 0) {
        await tx.insert(postingLines).values(
          posting.lines.map((line) => ({
            postingId: row!.id,
            accountType: line.accountType,
            accountKey: line.accountKey ?? '',
            amountKobo: line.amountKobo,
          })),
        );
      }
      return row!.id;
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
