import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { outboxMessages } from '../../db/schema/index.js';
import { LANGUAGES } from '../../../shared/i18n.js';
import { RECEIPT_KINDS, RECEIPT_LANGUAGES, renderReceipt } from './receipt-templates.js';
import { categoryOf } from './message-policy.js';

/** Receipts follow the domain events published after commit, into the outbox, for accounts with an email (decision 052). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function receiptsTo(email: string) {
  const rows = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
  return rows
    .filter((row) => row.subject.startsWith('Lanefreight receipt') || row.subject.startsWith('Reçu Lanefreight'))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

async function topUp(headers: Headers, amountKobo: number) {
  const start = await post('/api/wallet/top-ups', headers, { amountKobo });
  const { reference, checkoutUrl } = start.json().data as { reference: string; checkoutUrl: string };
  await decideSandboxCheckout(t, headers, checkoutUrl, 'approve');
  expect((await post(`/api/wallet/top-ups/${reference}/verify`, headers)).statusCode).toBe(200);
}

describe('receipts by email', () => {
  it('every receipt text exists in all eight languages, and receipts are essential', () => {
    expect([...RECEIPT_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const kind of RECEIPT_KINDS) expect(categoryOf(`receipt:${kind}`)).toBe('essential');
    const fr = renderReceipt('payment', 'fr', { amountKobo: 1_250_000, at: new Date('2026-03-01T10:00:00Z'), deliveryId: 'LF042', trackingId: 'LF-7KQ2-M9XD', method: 'card' });
    expect(fr.subject).toBe('Reçu Lanefreight\u00a0: ₦12,500.00 payés pour la livraison LF042');
    expect(fr.body).toContain('Payé par\u00a0: Carte');
    // Lagos time (UTC+1), whatever the server's zone.
    expect(fr.body).toContain('11:00');
    expect(fr.holdsSecret).toBe(false);
    // A pay-on-delivery settlement names its lines (decision 053), in every language.
    for (const lng of LANGUAGES) {
      const cod = renderReceipt('cod-settlement', lng, {
        amountKobo: 2_020_000,
        balanceAfterKobo: 2_500_000,
        at: new Date('2026-03-01T10:00:00Z'),
        deliveryId: 'LF042',
        trackingId: 'LF-7KQ2-M9XD',
        cod: { collectedKobo: 2_000_000, feeKobo: 30_000, reserveKobo: 50_000 },
      });
      for (const text of ['₦20,200.00', '₦20,000.00', '₦300.00', '₦500.00', '₦25,000.00', 'LF042', 'LF-7KQ2-M9XD']) expect(cod.body, lng).toContain(text);
      expect(cod.subject, lng).toContain('LF042');
    }
  });

  it('a wallet payment, a card payment, a top-up and a withdrawal each leave a receipt in the outbox', async () => {
    const u = await createSignedInUser(t.deps);
    const email = u.user.email!;
    await fundWallet(t.deps.db, u.user.id, 2_000_000);

    const byWallet = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, byWallet.id)).statusCode).toBe(200);

    const byCard = await book(t, u.headers);
    const init = (await post('/api/payments/initiate', u.headers, { deliveryId: byCard.id, method: 'card' })).json().data;
    const redirect = await decideSandboxCheckout(t, u.headers, init.checkoutUrl, 'approve');
    const back = new URL(redirect.headers.location as string, 'http://app.test');
    expect((await post(`/api/payments/verify?${back.searchParams}`, u.headers)).statusCode).toBe(200);

    await topUp(u.headers, 250_000);

    const withdrawal = await post('/api/wallet/withdrawals', u.headers, {
      bankCode: '058',
      accountNumber: '0016563228',
      accountName: 'Adaeze Okafor',
      amountKobo: 20_000,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);

    const receipts = await receiptsTo(email);
    expect(receipts.map((r) => r.subject)).toEqual([
      `Lanefreight receipt: ₦${(byWallet.price.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} paid for delivery ${byWallet.id}`,
      `Lanefreight receipt: ₦${(byCard.price.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} paid for delivery ${byCard.id}`,
      'Lanefreight receipt: wallet top-up of ₦2,500.00',
      'Lanefreight receipt: withdrawal of ₦200.00',
    ]);
    expect(receipts.every((r) => r.channel === 'email' && !r.holdsSecret)).toBe(true);
    expect(receipts[0]!.body).toContain('Paid by: Wallet');
    expect(receipts[1]!.body).toContain('Paid by: Card');
    expect(receipts[2]!.body).toMatch(/Wallet balance now: ₦[\d,]+\.\d\d/);
  });

  it('a cancelled paid delivery’s refund to the wallet has its receipt', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 2_000_000);
    const d = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
    const cancelled = await post(`/api/deliveries/${d.id}/cancel`, u.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const subjects = (await receiptsTo(u.user.email!)).map((r) => r.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toMatch(/^Lanefreight receipt: ₦[\d,]+\.\d\d refunded to your wallet$/);
  });

  it('is written in the account’s language', async () => {
    const u = await createSignedInUser(t.deps, { language: 'fr' });
    await topUp(u.headers, 100_000);
    const [receipt] = await receiptsTo(u.user.email!);
    expect(receipt!.subject).toBe('Reçu Lanefreight\u00a0: rechargement du portefeuille de ₦1,000.00');
    expect(receipt!.body).toContain('Montant ajouté\u00a0: ₦1,000.00');
  });

  it('an account without an email gets none (and the payment still succeeds)', async () => {
    const phone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const u = await createSignedInUser(t.deps, { email: null, phone });
    await fundWallet(t.deps.db, u.user.id, 2_000_000);
    const d = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
    const rows = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone));
    expect(rows.filter((r) => r.subject.includes('receipt'))).toEqual([]);
  });
});
