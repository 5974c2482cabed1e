import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUser, fundWallet } from '../../test/factories.js';
import { ledgerEntries, postingLines, postings } from '../../db/schema/index.js';
import { createTransactions } from '../../db/transactions.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { createWalletRepository } from './wallet-repository.js';
import { UnbalancedPostingError, createWalletService } from './wallet-service.js';
import { ACCOUNTS } from './accounts.js';

let t: TestApp;
let published: DomainEvent[];
let wallet: ReturnType<typeof createWalletService>;
let transactions: ReturnType<typeof createTransactions>;
beforeAll(async () => {
  t = await createTestApp();
  wallet = createWalletService({ wallet: createWalletRepository(t.deps.db) });
  transactions = createTransactions(t.deps.db, {
    async publish(events) {
      published.push(...events);
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function funded(amountKobo: number) {
  const user = await createUser(t.deps.db);
  if (amountKobo > 0) await fundWallet(t.deps.db, user.id, amountKobo);
  published = [];
  return user.id;
}

const ledgerOf = (userId: string) =>
  t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.createdAt);
const sum = async (userId: string) => (await ledgerOf(userId)).reduce((total, e) => total + e.amountKobo, 0);

describe('wallet service', () => {
  it('credit, debit and refund move the balance with one ledger entry each, and publish after commit', async () => {
    const userId = await funded(10_000);
    await transactions.run((tx) => wallet.adjust(tx, { userId, amountKobo: 5_000, description: 'Top-up', idempotencyKey: `c:${userId}` }));
    const after = await transactions.run((tx) =>
      wallet.debit(tx, { userId, amountKobo: 12_000, description: 'Pay', idempotencyKey: `d:${userId}` }),
    );
    expect(after).toBe(3_000);
    await transactions.run((tx) =>
      wallet.refund(tx, { userId, amountKobo: 1_000, description: 'Back', idempotencyKey: `r:${userId}`, cause: 'delivery_cancelled' }),
    );
    expect(await wallet.findBalance(userId)).toBe(4_000);
    expect(await sum(userId)).toBe(4_000);
    expect((await ledgerOf(userId)).map((e) => e.kind)).toEqual(['adjustment', 'adjustment', 'payment', 'refund']);
    expect(published.map((e) => [e.type, 'balanceAfterKobo' in e ? e.balanceAfterKobo : null])).toEqual([
      ['wallet.credited', 15_000],
      ['wallet.debited', 3_000],
      ['wallet.credited', 4_000],
    ]);
  });

  it('a debit the balance does not cover writes nothing; a rolled-back transaction publishes nothing', async () => {
    const userId = await funded(1_000);
    expect(
      await transactions.run((tx) => wallet.debit(tx, { userId, amountKobo: 1_001, description: 'Pay', idempotencyKey: `d:${userId}` })),
    ).toBeNull();
    await expect(
      transactions.run(async (tx) => {
        await wallet.adjust(tx, { userId, amountKobo: 500, description: 'Top-up', idempotencyKey: `c:${userId}` });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await wallet.findBalance(userId)).toBe(1_000);
    expect(await ledgerOf(userId)).toHaveLength(1);
    expect(published).toEqual([]);
  });

  it('a hold takes the money now; it ends once, released back or settled for good', async () => {
    const userId = await funded(10_000);
    expect(
      await transactions.run((tx) => wallet.hold(tx, { userId, amountKobo: 4_000, description: 'Withdrawal', key: `w1:${userId}` })),
    ).toBe(6_000);
    expect(
      await transactions.run((tx) => wallet.hold(tx, { userId, amountKobo: 7_000, description: 'Too much', key: `w2:${userId}` })),
    ).toBeNull();

    // Released twice at once: one credit only.
    const releases = await Promise.all([1, 2].map(() => transactions.run((tx) => wallet.releaseHold(tx, `w1:${userId}`))));
    expect(releases.sort()).toEqual(['already_ended', 'released']);
    expect(await wallet.findBalance(userId)).toBe(10_000);
    expect(await transactions.run((tx) => wallet.settleHold(tx, `w1:${userId}`, 'manual'))).toBe('already_ended');

    await transactions.run((tx) => wallet.hold(tx, { userId, amountKobo: 2_500, description: 'Withdrawal', key: `w3:${userId}` }));
    expect(await transactions.run((tx) => wallet.settleHold(tx, `w3:${userId}`, 'manual'))).toBe('settled');
    expect(await transactions.run((tx) => wallet.releaseHold(tx, `w3:${userId}`))).toBe('already_ended');
    expect(await transactions.run((tx) => wallet.releaseHold(tx, `unknown:${userId}`))).toBe('not_held');

    expect(await wallet.findBalance(userId)).toBe(7_500);
    expect(await sum(userId)).toBe(7_500);
    expect((await ledgerOf(userId)).map((e) => [e.kind, e.amountKobo])).toEqual([
      ['adjustment', 10_000],
      ['hold', -4_000],
      ['hold_release', 4_000],
      ['hold', -2_500],
      ['hold_settle', 0],
    ]);
  });

  it('sandbox money: a debit spends real money first, and a hold takes only money that may leave', async () => {
    const userId = await funded(10_000);
    const repository = createWalletRepository(t.deps.db);
    await transactions.run((tx) =>
      wallet.refund(tx, { userId, amountKobo: 6_000, sandboxKobo: 6_000, description: 'Sandbox refund', idempotencyKey: `s:${userId}` }),
    );
    expect(await repository.findFunds(userId)).toEqual({ balanceKobo: 16_000, sandboxKobo: 6_000, payableOutKobo: 10_000 });

    await transactions.run((tx) => wallet.debit(tx, { userId, amountKobo: 8_000, description: 'Pay', idempotencyKey: `d:${userId}` }));
    expect(await repository.findFunds(userId)).toEqual({ balanceKobo: 8_000, sandboxKobo: 6_000, payableOutKobo: 2_000 });

    // The balance covers 5,000 but only 2,000 of it is real money: the hold is refused and nothing is written.
    expect(await transactions.run((tx) => wallet.hold(tx, { userId, amountKobo: 5_000, description: 'Hold', key: `h1:${userId}` }))).toBeNull();
    expect(await repository.findFunds(userId)).toEqual({ balanceKobo: 8_000, sandboxKobo: 6_000, payableOutKobo: 2_000 });

    await transactions.run((tx) => wallet.hold(tx, { userId, amountKobo: 2_000, description: 'Hold', key: `h2:${userId}` }));
    expect(await repository.findFunds(userId)).toEqual({ balanceKobo: 6_000, sandboxKobo: 6_000, payableOutKobo: 0 });
    await transactions.run((tx) => wallet.releaseHold(tx, `h2:${userId}`));
    expect(await repository.findFunds(userId)).toEqual({ balanceKobo: 8_000, sandboxKobo: 6_000, payableOutKobo: 2_000 });

    const entries = await ledgerOf(userId);
    expect(entries.map((e) => [e.kind, e.amountKobo, e.sandboxKobo])).toEqual([
      ['adjustment', 10_000, 0],
      ['refund', 6_000, 6_000],
      ['payment', -8_000, 0],
      ['hold', -2_000, 0],
      ['hold_release', 2_000, 0],
    ]);
    expect(entries.reduce((total, e) => total + e.sandboxKobo, 0)).toBe(6_000);
  });
});

describe('post: the one writer of postings, ledger lines and balances', () => {
  const postingsFor = (key: string) => t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, key));

  it('refuses lines that do not sum to zero, writing nothing', async () => {
    const userId = await funded(100_000);
    const key = `unbalanced:${userId}`;
    await expect(
      transactions.run((transaction) =>
        wallet.post(transaction, {
          kind: 'adjustment',
          idempotencyKey: key,
          wallet: { userId, amountKobo: 5_000, ledgerKind: 'adjustment', description: 'Goodwill' },
          lines: [{ account: ACCOUNTS.adjustments, amountKobo: -4_999 }],
        }),
      ),
    ).rejects.toBeInstanceOf(UnbalancedPostingError);
    expect(await postingsFor(key)).toHaveLength(0);
    expect(await sum(userId)).toBe(100_000);
    expect(published).toEqual([]);
  });

  it('writes a replayed key nothing more, and answers replayed', async () => {
    const userId = await funded(0);
    const movement = {
      kind: 'adjustment' as const,
      idempotencyKey: `goodwill:${userId}`,
      wallet: { userId, amountKobo: 5_000, ledgerKind: 'adjustment' as const, description: 'Goodwill' },
      lines: [{ account: ACCOUNTS.adjustments, amountKobo: -5_000 }],
    };
    const first = await transactions.run((transaction) => wallet.post(transaction, movement));
    expect(first).toEqual({ outcome: 'posted', balanceAfterKobo: 5_000, sandboxKobo: 0 });
    const again = await transactions.run((transaction) => wallet.post(transaction, movement));
    expect(again).toEqual({ outcome: 'replayed' });
    expect(await postingsFor(movement.idempotencyKey)).toHaveLength(1);
    expect(await sum(userId)).toBe(5_000);
    expect(published.filter((e) => e.type === 'wallet.credited')).toHaveLength(1);
  });

  it('refuses a debit the balance does not cover (a wallet never goes negative), writing nothing', async () => {
    const userId = await funded(3_000);
    const key = `overdraw:${userId}`;
    const outcome = await transactions.run((transaction) =>
      wallet.post(transaction, {
        kind: 'wallet_payment',
        idempotencyKey: key,
        wallet: { userId, amountKobo: -3_001, ledgerKind: 'payment', description: 'Too much', cover: 'balance' },
        lines: [{ account: ACCOUNTS.revenue, amountKobo: 3_001 }],
      }),
    );
    expect(outcome).toEqual({ outcome: 'not_covered' });
    expect(await postingsFor(key)).toHaveLength(0);
    expect(await wallet.findBalance(userId)).toBe(3_000);
    expect(published).toEqual([]);
  });

  it('writes a posting with platform lines only (a card payment): no wallet line, no event', async () => {
    await funded(0);
    const key = `card:test-${Date.now()}`;
    const outcome = await transactions.run((transaction) =>
      wallet.post(transaction, {
        kind: 'card_payment',
        idempotencyKey: key,
        lines: [
          { account: ACCOUNTS.clearing('sandbox'), amountKobo: -270_000 },
          { account: ACCOUNTS.revenue, amountKobo: 270_000 },
        ],
      }),
    );
    expect(outcome).toEqual({ outcome: 'posted', balanceAfterKobo: null, sandboxKobo: 0 });
    const [posting] = await postingsFor(key);
    const lines = await t.deps.db.select().from(postingLines).where(eq(postingLines.postingId, posting!.id));
    expect(lines.map((l) => l.amountKobo).sort((a, b) => a - b)).toEqual([-270_000, 270_000]);
    expect(published).toEqual([]);
  });
});
