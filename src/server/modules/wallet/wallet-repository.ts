import { and, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { ledgerEntries, postingLines, postings, wallets, type PlatformAccountType } from '../../db/schema/index.js';
import { payableOutKobo, type WalletFunds } from './wallet-funds.js';
import { payableOutSql } from './payable-out.js';
import { creditOnConflict, entryRow, lineRow, postingRow, walletDebitCtes, type LedgerKind, type PostingKind } from './wallet-statements.js';

export type { LedgerKind, PostingKind };

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
  /** The part of amountKobo that is sandbox money (same sign); 0 for real money. */
  sandboxKobo?: number;
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

    /** The balance, how much of it is sandbox money, and what a real payout may take. */
    async findFunds(userId: string, tx: Executor = db): Promise<WalletFunds & { payableOutKobo: number }> {
      const [row] = await tx
        .select({ balanceKobo: wallets.balanceKobo, sandboxKobo: wallets.sandboxKobo })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .limit(1);
      const funds = row ?? { balanceKobo: 0, sandboxKobo: 0 };
      return { ...funds, payableOutKobo: payableOutKobo(funds) };
    },

    /**
     * Debits only when the balance covers it, real money first, in one statement: under concurrency the row lock
     * makes each debit see the previous one, so the balance never goes below zero. Null when it does not cover;
     * otherwise the balance after and the sandbox money taken (negative, as the ledger records it).
     */
    async debitIfCovered(
      userId: string,
      amountKobo: number,
      tx: Executor = db,
    ): Promise<{ balanceAfterKobo: number; sandboxKobo: number } | null> {
      const { funds, debit } = walletDebitCtes(tx, { userId, amountKobo, at: new Date(), onlyIf: sql`true` });
      const [row] = await tx
        .with(funds, debit)
        .select({ balanceAfterKobo: debit.balanceKobo, sandboxKobo: sql<number>`${debit.sandboxKobo} - ${funds.sandboxKobo}`.mapWith(Number) })
        .from(debit)
        .crossJoin(funds);
      return row ?? null;
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
      const [row] = await tx.insert(postings).values(postingRow(posting)).returning({ id: postings.id });
      const postingId = row!.id;
      if (posting.lines.length > 0) {
        await tx
          .insert(postingLines)
          .values(posting.lines.map((line) => lineRow(postingId, { type: line.accountType, key: line.accountKey }, line.amountKobo)));
      }
      return postingId;
    },

    /** A credit with its posting and ledger entry; the balance after, and what the user owes (owed_kobo). */
    async creditWithPosting(
      credit: {
        posting: { kind: PostingKind; paymentId?: string | null; lines: PlatformLine[] };
        entry: Omit<LedgerInput, 'postingId'>;
      },
      tx: Executor = db,
    ): Promise<{ balanceAfterKobo: number; owedKobo: number }> {
      const { posting, entry } = credit;
      const postingId = await this.insertPosting({ ...posting, idempotencyKey: entry.idempotencyKey }, tx);
      const sandboxKobo = entry.sandboxKobo ?? 0;
      const [wallet] = await tx
        .insert(wallets)
        .values({ userId: entry.userId, balanceKobo: entry.amountKobo, sandboxKobo, updatedAt: new Date() })
        .onConflictDoUpdate(creditOnConflict)
        .returning({ balanceKobo: wallets.balanceKobo, owedKobo: wallets.owedKobo });
      const balanceAfterKobo = wallet!.balanceKobo;
      await this.insertLedgerEntry({ ...entry, postingId, sandboxKobo, balanceAfterKobo }, tx);
      return { balanceAfterKobo, owedKobo: wallet!.owedKobo };
    },

    /** The wallet's balance and what its user owes, locked for the rest of the transaction (zeros without a wallet). */
    async lockDebts(userId: string, tx: Executor) {
      const [row] = await tx
        .select({ balanceKobo: wallets.balanceKobo, owedKobo: wallets.owedKobo })
        .from(wallets)
        .where(eq(wallets.userId, userId))
        .for('update')
        .limit(1);
      return row ?? { balanceKobo: 0, owedKobo: 0 };
    },

    /** Adds to what a user owes, creating their wallet if need be. */
    async addOwed(userId: string, amountKobo: number, tx: Executor) {
      await tx
        .insert(wallets)
        .values({ userId, owedKobo: amountKobo, updatedAt: new Date() })
        .onConflictDoUpdate({ target: wallets.userId, set: { owedKobo: sql`${wallets.owedKobo} + excluded.owed_kobo`, updatedAt: sql`excluded.updated_at` } });
    },

    /** Takes from what a user owes (an update: the insert of an upsert would be checked, and refused, as negative). */
    async reduceOwed(userId: string, amountKobo: number, tx: Executor) {
      await tx
        .update(wallets)
        .set({ owedKobo: sql`${wallets.owedKobo} - ${amountKobo}`, updatedAt: new Date() })
        .where(eq(wallets.userId, userId));
    },

    async findOwed(userId: string, tx: Executor = db): Promise<number> {
      const [row] = await tx.select({ owedKobo: wallets.owedKobo }).from(wallets).where(eq(wallets.userId, userId)).limit(1);
      return row?.owedKobo ?? 0;
    },

    /**
     * What a pay-on-delivery order's escrow holds, and the gateway it came in by (its paying posting's clearing line).
     * posting_lines_account_idx finds the account's lines.
     */
    async findEscrow(deliveryId: string, tx: Executor = db) {
      const clearing = alias(postingLines, 'clearing');
      const [row] = await tx
        .select({
          balanceKobo: sql<number>`coalesce(sum(${postingLines.amountKobo}), 0)`.mapWith(Number),
          gateway: sql<string | null>`max(${clearing.accountKey})`,
        })
        .from(postingLines)
        .leftJoin(clearing, and(eq(clearing.postingId, postingLines.postingId), eq(clearing.accountType, 'gateway_clearing')))
        .where(and(eq(postingLines.accountType, 'cod_escrow'), eq(postingLines.accountKey, deliveryId)));
      return { balanceKobo: row?.balanceKobo ?? 0, gateway: row?.gateway ?? null };
    },

    async insertLedgerEntry(entry: LedgerInput & { balanceAfterKobo: number }, tx: Executor = db) {
      await tx.insert(ledgerEntries).values(entryRow(entry.postingId, { ...entry, sandboxKobo: entry.sandboxKobo ?? 0, deliveryId: entry.deliveryId ?? null }));
    },

    async postingExists(idempotencyKey: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx.select({ id: postings.id }).from(postings).where(eq(postings.idempotencyKey, idempotencyKey)).limit(1);
      return row !== undefined;
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
