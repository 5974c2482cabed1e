import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { deliveries, deliveryEvents, ledgerEntries, notifications, payments } from '../../db/schema/index.js';
import { parseDeliveryId, TRACKING_ID_PATTERN } from '../../../shared/ids.js';
import { formatNaira } from '../../../shared/money.js';
import { ERROR_MESSAGES } from '../../lib/messages.js';
import { book, payWithWallet, balanceOf, ledgerSum } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';

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

const expireLock = (id: string) =>
  t.deps.db
    .update(deliveries)
    .set({ priceLockedUntil: new Date(Date.now() - 1000) })
    .where(eq(deliveries.number, parseDeliveryId(id)!));

/** Card checkout on the sandbox, as the browser does it: the page, a form post, the redirect back. */
async function sandboxCheckout(headers: Headers, deliveryId: string, decision: 'approve' | 'decline') {
  const init = await post('/api/payments/initiate', headers, { deliveryId, method: 'card' });
  expect(init.statusCode).toBe(200);
  const { reference, checkoutUrl } = init.json().data;
  const page = await t.app.inject({ method: 'GET', url: checkoutUrl, headers });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const redirect = await decideSandboxCheckout(t, headers, checkoutUrl, decision);
  expect(redirect.statusCode).toBe(303);
  const location = new URL(redirect.headers.location as string, 'http://app.test');
  expect(location.pathname).toBe('/dashboard/payment');
  expect(location.searchParams.get('reference')).toBe(reference);
  expect(location.searchParams.get('delivery_id')).toBe(deliveryId);
  return { reference: reference as string, verifyUrl: `/api/payments/verify?${location.searchParams}` };
}

const deliveryRowId = async (publicId: string) => {
  const [row] = await t.deps.db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.number, parseDeliveryId(publicId)!));
  return row!.id;
};

/** What a wallet payment writes besides the balance; a refused payment must write none of it. */
async function paymentTraces(userId: string, publicDeliveryId: string) {
  const [row] = await t.deps.db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(eq(deliveries.number, parseDeliveryId(publicDeliveryId)!));
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    ledger: await count(
      t.deps.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'payment'))),
    ),
    events: await count(t.deps.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, row!.id))),
    notifications: await count(t.deps.db.select().from(notifications).where(eq(notifications.userId, userId))),
  };
}

describe('pay from wallet', () => {
  it('debits, writes the ledger, marks the delivery paid and issues a tracking id, in one go', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 500_000);
    const d = await book(t, u.headers);
    const res = await payWithWallet(t, u.headers, d.id);
    expect(res.statusCode).toBe(200);
    const { delivery, status, checkoutUrl } = res.json().data;
    expect(status).toBe('succeeded');
    expect(checkoutUrl).toBeNull();
    expect(delivery).toMatchObject({ id: d.id, status: 'pending', paymentMethod: 'wallet' });
    expect(delivery.trackingId).toMatch(TRACKING_ID_PATTERN);
    expect(await balanceOf(t, u.user.id)).toBe(230_000);
    expect(await ledgerSum(t, u.user.id)).toBe(230_000);
    const entries = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, u.user.id), eq(ledgerEntries.kind, 'payment')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ amountKobo: -270_000, balanceAfterKobo: 230_000 });
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(notes.map((n) => n.messageKey)).toEqual(['deliveryPaid']);
    expect(notes[0]!.params).toMatchObject({ deliveryId: d.id, trackingId: delivery.trackingId, amount: '₦2,700.00' });
    expect(await paymentTraces(u.user.id, d.id)).toEqual({ ledger: 1, events: 1, notifications: 1 });

    const again = await payWithWallet(t, u.headers, d.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_PAID');
    expect(await balanceOf(t, u.user.id)).toBe(230_000);
  });

  it('refuses an insufficient balance with the spec message (402) and changes nothing', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 269_999);
    const d = await book(t, u.headers);
    const res = await payWithWallet(t, u.headers, d.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: ERROR_MESSAGES.INSUFFICIENT_BALANCE });
    expect(await balanceOf(t, u.user.id)).toBe(269_999);
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after).toMatchObject({ status: 'awaiting_payment', trackingId: null });
    expect(await paymentTraces(u.user.id, d.id)).toEqual({ ledger: 0, events: 0, notifications: 0 });
  });

  it('a user with no wallet yet gets the same 402', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, d.id)).json().code).toBe('INSUFFICIENT_BALANCE');
  });

  it('refuses an expired price lock (409 PRICE_EXPIRED); re-pricing with update-booking makes it payable', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 1_000_000);
    const d = await book(t, u.headers);
    await expireLock(d.id);
    const res = await payWithWallet(t, u.headers, d.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRICE_EXPIRED');
    expect((await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).json().code).toBe(
      'PRICE_EXPIRED',
    );
    expect(await balanceOf(t, u.user.id)).toBe(1_000_000);
    expect(await paymentTraces(u.user.id, d.id)).toEqual({ ledger: 0, events: 0, notifications: 0 });
    const { bookingBody } = await import('../../test/delivery-test-helpers.js');
    expect((await post(`/api/update-booking/${d.id}`, u.headers, bookingBody())).statusCode).toBe(200);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
  });

  it('200 concurrent payments against a balance covering 100: exactly 100 succeed, balance 0, ledger = balance', async () => {
    const u = await createSignedInUser(t.deps);
    const ds = [];
    for (let i = 0; i < 200; i++) ds.push(await book(t, u.headers));
    await fundWallet(t.deps.db, u.user.id, 100 * 270_000);
    const results = await Promise.all(ds.map((d) => payWithWallet(t, u.headers, d.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(100);
    expect(codes.filter((c) => c === 402)).toHaveLength(100);
    for (const r of results.filter((r) => r.statusCode === 402)) {
      expect(r.json().message).toBe(ERROR_MESSAGES.INSUFFICIENT_BALANCE);
    }
    expect(await balanceOf(t, u.user.id)).toBe(0);
    expect(await ledgerSum(t, u.user.id)).toBe(0);
    const paid = await t.deps.db
      .select({ n: sql<string>`count(*)` })
      .from(deliveries)
      .where(and(eq(deliveries.userId, u.user.id), eq(deliveries.status, 'pending')));
    expect(Number(paid[0]!.n)).toBe(100);
    const [entries] = await t.deps.db
      .select({ n: sql<string>`count(*)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, u.user.id), eq(ledgerEntries.kind, 'payment')));
    expect(Number(entries!.n)).toBe(100);
  });

  it('the same delivery paid twice at once is paid once', async () => {
    const u = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, u.user.id, 10_000_000);
    const d = await book(t, u.headers);
    const results = await Promise.all(Array.from({ length: 10 }, () => payWithWallet(t, u.headers, d.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'ALREADY_PAID')).toBe(true);
    expect(await balanceOf(t, u.user.id)).toBe(10_000_000 - 270_000);
  });

  it('bad input: unknown method, missing id, foreign or unknown delivery', async () => {
    const u = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, other.user.id, 1_000_000);
    const d = await book(t, u.headers);
    expect((await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'cash' })).statusCode).toBe(
      400,
    );
    expect((await post('/api/payments/initiate', u.headers, { method: 'wallet' })).statusCode).toBe(400);
    expect(
      (await post('/api/payments/initiate', u.headers, { deliveryId: 'LF000001x', method: 'wallet' })).statusCode,
    ).toBe(404);
    const foreign = await post('/api/payments/initiate', other.headers, { deliveryId: d.id, method: 'wallet' });
    expect(foreign.statusCode).toBe(404);
    expect(await balanceOf(t, other.user.id)).toBe(1_000_000);
  });
});

describe('pay by card on the sandbox gateway', () => {
  it('initiate → checkout page → approve → verify: paid, with a tracking id; the wallet is untouched', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers, { packageType: 'electronics' });
    const { reference, verifyUrl } = await sandboxCheckout(u.headers, d.id, 'approve');
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment).toMatchObject({ amountKobo: 300_000, status: 'initiated', gateway: 'sandbox' });
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: d.id, status: 'pending', paymentMethod: 'card' });
    expect(res.json().data.trackingId).toMatch(TRACKING_ID_PATTERN);
    expect(await balanceOf(t, u.user.id)).toBe(0);
    expect(await ledgerSum(t, u.user.id)).toBe(0);
  });

  it('verification is idempotent: parallel verifies and a retry complete it once', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const { reference, verifyUrl } = await sandboxCheckout(u.headers, d.id, 'approve');
    const results = await Promise.all(Array.from({ length: 8 }, () => post(verifyUrl, u.headers)));
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const trackingIds = new Set(results.map((r) => r.json().data.trackingId));
    expect(trackingIds.size).toBe(1);
    const retry = await post(verifyUrl, u.headers);
    expect(retry.json().data.trackingId).toBe([...trackingIds][0]);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(notes.filter((n) => n.messageKey === 'deliveryPaid')).toHaveLength(1);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('succeeded');
  });

  it('a declined checkout is 402 PAYMENT_FAILED and nothing is paid', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const { verifyUrl } = await sandboxCheckout(u.headers, d.id, 'decline');
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_FAILED');
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after).toMatchObject({ status: 'awaiting_payment', trackingId: null });
  });

  it('a double click opens one checkout: concurrent initiates answer with the same reference and address', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const initiate = () => post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' });
    const results = await Promise.all([initiate(), initiate(), initiate()]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const checkouts = new Set(results.map((r) => `${r.json().data.reference} ${r.json().data.checkoutUrl}`));
    expect(checkouts.size).toBe(1);
    // Coming back to the page later still finds it.
    const again = (await initiate()).json().data;
    expect(checkouts).toContain(`${again.reference} ${again.checkoutUrl}`);
    const open = await t.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.deliveryId, await deliveryRowId(d.id)), eq(payments.status, 'initiated')));
    expect(open.map((p) => p.reference)).toEqual([again.reference]);
  });

  it('a declined checkout is not handed out again: the next initiate opens a new one', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    // The payer declined and never came back to the app (no verify marked it failed).
    const { reference: declined } = await sandboxCheckout(u.headers, d.id, 'decline');
    const { reference, verifyUrl } = await sandboxCheckout(u.headers, d.id, 'approve');
    expect(reference).not.toBe(declined);
    const [first] = await t.deps.db.select().from(payments).where(eq(payments.reference, declined));
    expect(first!.status).toBe('failed');
    expect((await post(verifyUrl, u.headers)).statusCode).toBe(200);
  });

  it('a re-priced delivery gets a checkout for its new amount', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const before = (await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).json().data;
    await t.deps.db.update(deliveries).set({ totalKobo: sql`${deliveries.totalKobo} + 10000` }).where(eq(deliveries.number, parseDeliveryId(d.id)!));
    const after = (await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).json().data;
    expect(after.reference).not.toBe(before.reference);
  });

  it('verifying before the payer decided is 409 PAYMENT_PENDING', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const init = (await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).json().data;
    const res = await post(`/api/payments/verify?reference=${init.reference}&delivery_id=${d.id}`, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_PENDING');
  });

  it('a foreign reference, a mismatched delivery or an unknown reference is 404', async () => {
    const u = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const d2 = await book(t, u.headers);
    const { reference } = await sandboxCheckout(u.headers, d.id, 'approve');
    const foreign = await post(`/api/payments/verify?reference=${reference}&delivery_id=${d.id}`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('PAYMENT_NOT_FOUND');
    expect((await post(`/api/payments/verify?reference=${reference}&delivery_id=${d2.id}`, u.headers)).statusCode).toBe(
      404,
    );
    expect((await post(`/api/payments/verify?reference=LFP-nope&delivery_id=${d.id}`, u.headers)).statusCode).toBe(404);
    expect((await post(`/api/payments/verify?reference=${reference}&delivery_id=garbage`, u.headers)).statusCode).toBe(
      404,
    );
    expect((await post(`/api/payments/verify?reference=${reference}`, u.headers)).statusCode).toBe(400);
    // Nothing was paid by those attempts.
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after.status).toBe('awaiting_payment');
  });

  it('a card payment that arrives after the delivery was paid from the wallet goes to the wallet', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const { reference, verifyUrl } = await sandboxCheckout(u.headers, d.id, 'approve');
    await fundWallet(t.deps.db, u.user.id, 270_000);
    expect((await payWithWallet(t, u.headers, d.id)).statusCode).toBe(200);
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(409);
    // It says where the money went (the refund), not that the delivery cannot be paid.
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_CREDITED_TO_WALLET',
      params: { amount: formatNaira(270_000), amountKobo: 270_000 },
      message: `This delivery could no longer take the payment, so ${formatNaira(270_000)} was credited to your wallet.`,
    });
    expect(await balanceOf(t, u.user.id)).toBe(270_000);
    expect(await ledgerSum(t, u.user.id)).toBe(270_000);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('refunded');
    expect((await post(verifyUrl, u.headers)).statusCode).toBe(409);
    expect(await balanceOf(t, u.user.id)).toBe(270_000);
    // Its receipt says it was credited, not refunded: no delivery took it, so it was never a sale and carries no VAT.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/receipts', headers: u.headers })).json().data.items as { id: string; kind: string }[];
    expect(listed.map((r) => r.kind).sort()).toEqual(['card-credited', 'payment']);
    const credited = await t.app.inject({ method: 'GET', url: `/api/receipts/${listed.find((r) => r.kind === 'card-credited')!.id}`, headers: u.headers });
    expect(credited.json().data).toMatchObject({ kind: 'card-credited', amountKobo: 270_000, vatPercent: 0, vatKobo: 0, deliveryId: d.id });
  });

  it('the checkout page escapes what it shows and 404s an unknown reference', async () => {
    const u = await createSignedInUser(t.deps, { email: `o'neil+<b>${Date.now()}@example.ng` });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/payments/sandbox/checkout/LFP-unknown',
      headers: u.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('text/html');
    const d = await book(t, u.headers);
    const init = (await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).json().data;
    const page = await t.app.inject({ method: 'GET', url: init.checkoutUrl, headers: u.headers });
    expect(page.body).not.toContain('<b>');
    expect(page.body).toContain('&#60;b&#62;');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
