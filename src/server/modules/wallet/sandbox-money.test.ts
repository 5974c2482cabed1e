import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deliveries, ledgerEntries, payments, wallets } from '../../db/schema/index.js';
import { PROJECT_ROOT } from '../../lib/project-root.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import { balanceOf, book, ledgerSum, payWithWallet } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { createWalletRepository } from './wallet-repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const FARE = 270_000;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** Books a delivery and pays it by card on the sandbox checkout, as the browser does. */
async function payBySandboxCard(headers: Headers) {
  const d = await book(t, headers);
  const init = (await post('/api/payments/initiate', headers, { deliveryId: d.id, method: 'card' })).json().data;
  expect((await decideSandboxCheckout(t, headers, init.checkoutUrl, 'approve')).statusCode).toBe(303);
  const verify = await post(`/api/payments/verify?reference=${init.reference}&delivery_id=${d.id}`, headers);
  expect(verify.statusCode).toBe(200);
  return { d, reference: init.reference as string };
}

const cancel = (headers: Headers, id: string) => post(`/api/deliveries/${id}/cancel`, headers);

async function funds(userId: string) {
  return createWalletRepository(t.deps.db).findFunds(userId);
}

async function entries(userId: string, kind: 'refund' | 'payment') {
  return t.deps.db
    .select({ amountKobo: ledgerEntries.amountKobo, sandboxKobo: ledgerEntries.sandboxKobo })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, kind)));
}

/** The ledger explains the wallet's sandbox part exactly as it explains its balance. */
async function expectLedgerMatchesWallet(userId: string) {
  const [ledger] = await t.deps.db
    .select({ sandbox: sql<string>`coalesce(sum(${ledgerEntries.sandboxKobo}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  const [wallet] = await t.deps.db.select().from(wallets).where(eq(wallets.userId, userId));
  expect(Number(ledger!.sandbox)).toBe(wallet?.sandboxKobo ?? 0);
  expect(await ledgerSum(t, userId)).toBe(wallet?.balanceKobo ?? 0);
}

describe('sandbox money is marked and never counts towards a real payout', () => {
  it('a cancelled sandbox-card delivery is refunded once, marked; none of it may leave', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference } = await payBySandboxCard(u.headers);
    expect((await cancel(u.headers, d.id)).statusCode).toBe(200);
    expect(await entries(u.user.id, 'refund')).toEqual([{ amountKobo: FARE, sandboxKobo: FARE }]);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: FARE, sandboxKobo: FARE, payableOutKobo: 0 });

    // Refunded exactly once: a repeated cancel, parallel cancels and verify replays add nothing.
    const replays = await Promise.all([
      cancel(u.headers, d.id),
      cancel(u.headers, d.id),
      post(`/api/payments/verify?reference=${reference}&delivery_id=${d.id}`, u.headers),
    ]);
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await balanceOf(t, u.user.id)).toBe(FARE);
    expect(await entries(u.user.id, 'refund')).toHaveLength(1);
    await expectLedgerMatchesWallet(u.user.id);
  });

  it('sandbox money spent from the wallet and refunded on cancel stays marked', async () => {
    const u = await createSignedInUser(t.deps);
    const first = await payBySandboxCard(u.headers);
    expect((await cancel(u.headers, first.d.id)).statusCode).toBe(200);

    const d2 = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, d2.id)).statusCode).toBe(200);
    expect(await entries(u.user.id, 'payment')).toEqual([{ amountKobo: -FARE, sandboxKobo: -FARE }]);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 0, sandboxKobo: 0, payableOutKobo: 0 });

    expect((await cancel(u.headers, d2.id)).statusCode).toBe(200);
    const refunds = await entries(u.user.id, 'refund');
    expect(refunds).toHaveLength(2);
    expect(refunds.every((r) => r.sandboxKobo === FARE)).toBe(true);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: FARE, sandboxKobo: FARE, payableOutKobo: 0 });
    await expectLedgerMatchesWallet(u.user.id);
  });

  it('with real and sandbox money, a wallet payment spends the real money first', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 100_000);
    const sandboxPaid = await payBySandboxCard(u.headers);
    expect((await cancel(u.headers, sandboxPaid.d.id)).statusCode).toBe(200);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 370_000, sandboxKobo: FARE, payableOutKobo: 100_000 });

    // 270,000 = all 100,000 real + 170,000 sandbox.
    const d = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
    expect(await entries(u.user.id, 'payment')).toEqual([{ amountKobo: -FARE, sandboxKobo: -170_000 }]);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 100_000, sandboxKobo: 100_000, payableOutKobo: 0 });

    // Its refund gives back each kind as it was spent.
    expect((await cancel(u.headers, d.id)).statusCode).toBe(200);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 370_000, sandboxKobo: FARE, payableOutKobo: 100_000 });
    await expectLedgerMatchesWallet(u.user.id);
  });

  it('real money alone stays wholly payable out, through a payment and its refund', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 500_000);
    const d = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 230_000, sandboxKobo: 0, payableOutKobo: 230_000 });
    expect((await cancel(u.headers, d.id)).statusCode).toBe(200);
    expect(await entries(u.user.id, 'refund')).toEqual([{ amountKobo: FARE, sandboxKobo: 0 }]);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 500_000, sandboxKobo: 0, payableOutKobo: 500_000 });
  });

  it('a sandbox card payment that arrives too late is credited to the wallet marked', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, FARE);
    const d = await book(t, u.headers);
    const init = (await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).json().data;
    expect((await decideSandboxCheckout(t, u.headers, init.checkoutUrl, 'approve')).statusCode).toBe(303);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
    const late = await post(`/api/payments/verify?reference=${init.reference}&delivery_id=${d.id}`, u.headers);
    expect(late.json().code).toBe('PAYMENT_CREDITED_TO_WALLET');
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, init.reference));
    expect(payment!.status).toBe('refunded');
    expect(await entries(u.user.id, 'refund')).toEqual([{ amountKobo: FARE, sandboxKobo: FARE }]);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: FARE, sandboxKobo: FARE, payableOutKobo: 0 });
    await expectLedgerMatchesWallet(u.user.id);
  });

  it('parallel wallet payments split real and sandbox money consistently', async () => {
    const u = await createSignedInUser(t.deps);
    for (let i = 0; i < 3; i++) {
      const { d } = await payBySandboxCard(u.headers);
      expect((await cancel(u.headers, d.id)).statusCode).toBe(200);
    }
    await fundWallet(t.deps.db, u.user.id, FARE + 1);
    const ds = [];
    for (let i = 0; i < 6; i++) ds.push(await book(t, u.headers));
    const results = await Promise.all(ds.map((d) => payWithWallet(t, u.headers, d.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    // Real money went first, whatever the order: the kobo left over is sandbox money.
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 1, sandboxKobo: 1, payableOutKobo: 0 });
    const spent = await entries(u.user.id, 'payment');
    expect(spent.reduce((sum, e) => sum + e.sandboxKobo, 0)).toBe(-(3 * FARE - 1));
    await expectLedgerMatchesWallet(u.user.id);
  });

  it('a user without a wallet has nothing to pay out', async () => {
    const u = await createSignedInUser(t.deps);
    expect(await funds(u.user.id)).toEqual({ balanceKobo: 0, sandboxKobo: 0, payableOutKobo: 0 });
  });

  it('each paid delivery keeps how much of its payment was sandbox money; migration 0008 gives earlier ones the same', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 100_000);
    const byCard = await payBySandboxCard(u.headers);
    expect((await cancel(u.headers, byCard.d.id)).statusCode).toBe(200);
    const mixed = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, mixed.id)).statusCode).toBe(200);
    const real = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, real.user.id, FARE);
    const byReal = await book(t, real.headers);
    expect((await payWithWallet(t, real.headers, byReal.id)).statusCode).toBe(200);

    const numbers = [byCard.d.id, mixed.id, byReal.id].map((id) => parseDeliveryId(id)!);
    const paidSandbox = async () => {
      const rows = await t.deps.db.select({ number: deliveries.number, kobo: deliveries.paidSandboxKobo }).from(deliveries);
      return numbers.map((n) => rows.find((row) => row.number === n)!.kobo);
    };
    // The sandbox card paid all of it; the wallet 170,000 sandbox after its 100,000 real; real money none.
    expect(await paidSandbox()).toEqual([FARE, 170_000, 0]);

    await t.deps.db.update(deliveries).set({ paidSandboxKobo: 0 }).where(inArray(deliveries.number, numbers));
    const migration = readFileSync(path.join(PROJECT_ROOT, 'drizzle', '0008_paid_sandbox_kobo.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => /^\s*UPDATE/m.test(statement));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await t.deps.db.execute(sql.raw(statement));
    expect(await paidSandbox()).toEqual([FARE, 170_000, 0]);
  });
});
