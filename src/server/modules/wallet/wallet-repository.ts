import { and, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepareStatement } from '../../db/prepared.js';
import { ledgerEntries, postings, wallets, type PlatformAccountType } from '../../db/schema/index.js';
import { payableOutKobo, type WalletFunds } from './wallet-funds.js';
import { payableOutSql } from './payable-out.js';
import { DEBITED_SANDBOX_KOBO, debitCte, postingCtes, walletCredit } from './wallet-statements.js';

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
  /** The part of amountKobo that is sandbox money (same sign); 0 for real money. */
  sandboxKobo?: number;
  kind: LedgerKind;
  description: string;
  deliveryId?: string;
  idempotencyKey: string;
}

/**
 * The opening of a statement that writes a posting (`posting`, with its id) and its platform lines: placeholders
 * `postingKind`, `idempotencyKey`, `paymentId`, and `lines`, a JSON array of account_type, account_key, amount_kobo.
 */
const writePosting = sql`with ${postingCtes('posting', {
  kind: sql`${sql.placeholder('postingKind')}`,
  idempotencyKey: sql`${sql.placeholder('idempotencyKey')}`,
  paymentId: sql`${sql.placeholder('paymentId')}`,
  lines: 'lines',
})}`;

const insertPostingStatement = prepareStatement<{ id: string }>('posting_insert', sql`${writePosting} select id from posting`);

const CREDIT_PLACEHOLDERS = { userId: 'userId', amountKobo: 'amountKobo', sandboxKobo: 'sandboxKobo', at: 'at' };

/** Credits, creating the wallet on first use; the balance after. */
const creditStatement = prepareStatement<{ balance_kobo: string | number }>('wallet_credit', walletCredit(null, CREDIT_PLACEHOLDERS));

const insertLedgerEntryStatement = prepareStatement(
  'ledger_entry_insert',
  sql`
    insert into ${ledgerEntries}
      (posting_id, user_id, amount_kobo, sandbox_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key)
    values (${sql.placeholder('postingId')}, ${sql.placeholder('userId')}, ${sql.placeholder('amountKobo')},
      ${sql.placeholder('sandboxKobo')}, ${sql.placeholder('balanceAfterKobo')}, ${sql.placeholder('kind')},
      ${sql.placeholder('description')}, ${sql.placeholder('deliveryId')}::uuid, ${sql.placeholder('idempotencyKey')})`,
);

/** Platform lines as the posting statements read them (a JSON array for jsonb_to_recordset). */
export const linesJson = (lines: readonly PlatformLine[]) =>
  JSON.stringify(lines.map((line) => ({ account_type: line.accountType, account_key: line.accountKey ?? '', amount_kobo: line.amountKobo })));

/**
 * Money into a wallet with its posting, in one statement: the posting and its platform lines, the wallet credited
 * (created on first use), and the wallet's ledger entry carrying the balance after. A repeated idempotency key fails
 * the whole statement on the postings' unique index, as the separate writes would.
 */
const creditWithPostingStatement = prepareStatement<{ balance_kobo: string | number }>(
  'wallet_credit_with_posting',
  sql`
    ${writePosting},
    credited as (${walletCredit('posting', CREDIT_PLACEHOLDERS)}),
    entry as (
      insert into ${ledgerEntries}
        (posting_id, user_id, amount_kobo, sandbox_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key)
      select posting.id, ${sql.placeholder('userId')}::uuid, ${sql.placeholder('amountKobo')}::bigint,
        ${sql.placeholder('sandboxKobo')}::bigint, credited.balance_kobo, ${sql.placeholder('entryKind')}::text,
        ${sql.placeholder('description')}::text, ${sql.placeholder('deliveryId')}::uuid, ${sql.placeholder('idempotencyKey')}::text
      from posting, credited
    )
    select balance_kobo from credited`,
);

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
      const result = await tx.execute(sql`
        with ${debitCte({ userId, amountKobo, at: new Date(), onlyIf: sql`true` })}
        select debit.balance_kobo, ${DEBITED_SANDBOX_KOBO} as sandbox_kobo from debit, funds
      `);
      const [row] = (result as unknown as { rows: { balance_kobo: unknown; sandbox_kobo: unknown }[] }).rows;
      return row ? { balanceAfterKobo: Number(row.balance_kobo), sandboxKobo: Number(row.sandbox_kobo) } : null;
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

    /** A posting and its platform lines, in one statement; the caller writes the wallet's line (ledger entry) with the same id. */
    async insertPosting(
      posting: { kind: PostingKind; idempotencyKey: string; paymentId?: string | null; lines: PlatformLine[] },
      tx: Executor = db,
    ): Promise<string> {
      const [row] = await insertPostingStatement.rows(tx, {
        postingKind: posting.kind,
        idempotencyKey: posting.idempotencyKey,
        paymentId: posting.paymentId ?? null,
        lines: linesJson(posting.lines),
      });
      return row!.id;
    },

    /** A credit with its posting and ledger entry (creditWithPostingStatement); the balance after. */
    async creditWithPosting(
      credit: {
        posting: { kind: PostingKind; paymentId?: string | null; lines: PlatformLine[] };
        entry: Omit<LedgerInput, 'postingId'>;
      },
      tx: Executor = db,
    ): Promise<number> {
      const { posting, entry } = credit;
      const [row] = await creditWithPostingStatement.rows(tx, {
        postingKind: posting.kind,
        paymentId: posting.paymentId ?? null,
        lines: linesJson(posting.lines),
        userId: entry.userId,
        amountKobo: entry.amountKobo,
        sandboxKobo: entry.sandboxKobo ?? 0,
        at: new Date(),
        entryKind: entry.kind,
        description: entry.description,
        deliveryId: entry.deliveryId ?? null,
        idempotencyKey: entry.idempotencyKey,
      });
      return Number(row!.balance_kobo);
    },

    /**
     * Credits, creating the wallet on first use; `sandboxKobo` of the amount is sandbox money.
     * Returns the new balance.
     */
    async credit(userId: string, amountKobo: number, tx: Executor = db, sandboxKobo = 0): Promise<number> {
      const [row] = await creditStatement.rows(tx, { userId, amountKobo, sandboxKobo, at: new Date() });
      return Number(row!.balance_kobo);
    },

    async insertLedgerEntry(entry: LedgerInput & { balanceAfterKobo: number }, tx: Executor = db) {
      await insertLedgerEntryStatement.rows(tx, { ...entry, sandboxKobo: entry.sandboxKobo ?? 0, deliveryId: entry.deliveryId ?? null });
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
