import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { book } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { ledgerEntries, payments, postings } from '../../db/schema/index.js';
import { checkLedger } from '../wallet/ledger-check.js';
import { PAYMENT_EXPIRES_AFTER_MS, RECONCILE_AFTER_MS } from './payments-service.js';

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
const later = (ms: number) => new Date(Date.now() + ms + 1000);

async function cardPayment(headers: Headers, deliveryId: string) {
  const init = await post('/api/payments/initiate', headers, { deliveryId, method: 'card' });
  expect(init.statusCode, init.body).toBe(200);
  return init.json().data as { reference: string; checkoutUrl: string };
}

const paymentOf = async (reference: string) => (await t.deps.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;

describe('payment reconciliation', () => {
  it('settles, exactly once, a card payment approved at the gateway whose confirmation never came', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const { reference, checkoutUrl } = await cardPayment(u.headers, d.id);
    // The payer approves, then closes the tab: no verify, no webhook.
    expect((await decideSandboxCheckout(t, u.headers, checkoutUrl, 'approve')).statusCode).toBe(303);

    // Too young to be asked about: the payer may still come back.
    expect((await t.jobs.reconcilePayments(new Date())).settled).toBe(0);
    expect((await paymentOf(reference)).status).toBe('initiated');

    const rounds = await Promise.all([t.jobs.reconcilePayments(later(RECONCILE_AFTER_MS)), t.jobs.reconcilePayments(later(RECONCILE_AFTER_MS))]);
    expect(rounds.reduce((sum, r) => sum + r.settled, 0)).toBeGreaterThanOrEqual(1);
    expect((await paymentOf(reference)).status).toBe('succeeded');
    const delivery = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json().data;
    expect(delivery).toMatchObject({ status: 'pending', paymentMethod: 'card' });
    const cardPostings = await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `card:${reference}`));
    expect(cardPostings).toHaveLength(1);

    // Asked again (another instance, the next round): nothing more happens.
    await t.jobs.reconcilePayments(later(RECONCILE_AFTER_MS));
    expect(await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `card:${reference}`))).toHaveLength(1);
    // The payer's late return finds it paid.
    const verify = await post(`/api/payments/verify?reference=${reference}&delivery_id=${d.id}`, u.headers);
    expect(verify.json().data.trackingId).toBe(delivery.trackingId);
    expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  });

  it('credits a top-up approved at the gateway whose confirmation never came', async () => {
    const u = await createSignedInUser(t.deps);
    const init = await post('/api/wallet/top-ups', u.headers, { amountKobo: 500_000 });
    expect(init.statusCode, init.body).toBe(201);
    const { reference, checkoutUrl } = init.json().data;
    expect((await decideSandboxCheckout(t, u.headers, checkoutUrl, 'approve')).statusCode).toBe(303);
    await t.jobs.reconcilePayments(later(RECONCILE_AFTER_MS));
    expect((await paymentOf(reference)).status).toBe('succeeded');
    const credits = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, u.user.id), eq(ledgerEntries.kind, 'topup')));
    expect(credits.map((c) => c.amountKobo)).toEqual([500_000]);
  });

  it('marks a declined payment failed, leaves an undecided one, and expires it a day on', async () => {
    const u = await createSignedInUser(t.deps);
    const declined = await cardPayment(u.headers, (await book(t, u.headers)).id);
    await decideSandboxCheckout(t, u.headers, declined.checkoutUrl, 'decline');
    const undecided = await cardPayment(u.headers, (await book(t, u.headers)).id);

    await t.jobs.reconcilePayments(later(RECONCILE_AFTER_MS));
    expect((await paymentOf(declined.reference)).status).toBe('failed');
    const waiting = await paymentOf(undecided.reference);
    expect(waiting.status).toBe('initiated');
    expect(waiting.checkedAt).not.toBeNull();

    await t.jobs.reconcilePayments(later(PAYMENT_EXPIRES_AFTER_MS));
    expect((await paymentOf(undecided.reference)).status).toBe('expired');
  });
});
