import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, balanceOf, book, bookingBody, ledgerSum, payWithWallet } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { deliveries, outboxMessages, payments, postingLines, postings, receipts, sandboxCharges, wallets } from '../../db/schema/index.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import { codFeeOf, returnFeeOf, RATE_CARD } from '../../../shared/pricing.js';
import { formatReceiptNumber, vatIncludedKobo } from '../../../shared/schemas/receipts.js';
import { checkLedger } from '../wallet/ledger-check.js';
import { createDeliveriesRepository } from './deliveries-repository.js';
import { lagosMonthStart } from '../wallet/wallet-history.js';
import { PROJECT_ROOT } from '../../lib/project-root.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp({ HANDOVER_RATE_LIMIT_PER_MINUTE: '10000' });
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers = {}) => t.app.inject({ method: 'GET', url, headers });
const uniquePhone = () => `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const NAIRA = 100;

async function rowOf(id: string) {
  const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, parseDeliveryId(id)!));
  return row!;
}

async function accountBalance(type: 'cod_escrow' | 'cod_reserve' | 'receivable', key: string) {
  const [row] = await t.deps.db
    .select({ sum: sql<string>`coalesce(sum(${postingLines.amountKobo}), 0)` })
    .from(postingLines)
    .where(and(eq(postingLines.accountType, type), eq(postingLines.accountKey, key)));
  return Number(row!.sum);
}

/** The newest pay link sent to this phone, as its path. */
async function payLinkSentTo(phone: string) {
  const messages = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)).orderBy(desc(outboxMessages.createdAt));
  const path = messages.map((m) => /\/pay\/[A-Za-z0-9_-]{22}/.exec(m.body)?.[0]).find(Boolean);
  if (!path) throw new Error(`no pay link sent to ${phone}`);
  return path;
}

/** A shipper with money and a phone, and a paid pay-on-delivery booking of `amountKobo` to collect. */
async function paidCodBooking(amountKobo = 20_000 * NAIRA, walletKobo = 10_000_000) {
  const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
  await fundWallet(t.deps.db, shipper.user.id, walletKobo);
  const receiverPhone = uniquePhone();
  const booked = await book(t, shipper.headers, { receiverPhone, collectOnDelivery: { amountKobo } });
  const paid = await payWithWallet(t, shipper.headers, booked.id);
  expect(paid.statusCode, paid.body).toBe(200);
  return { shipper, id: booked.id, receiverPhone, booked, link: await payLinkSentTo(receiverPhone) };
}

/** The receiver pays through the link in the sandbox: the page's form, the checkout's approval, and the way back. */
async function receiverPays(link: string) {
  const started = await post(link, { 'content-type': 'application/x-www-form-urlencoded' });
  expect(started.statusCode, started.body).toBe(303);
  const approved = await decideSandboxCheckout(t, {}, started.headers.location as string, 'approve');
  expect(approved.statusCode, approved.body).toBe(303);
  return get(approved.headers.location as string);
}

/** Out for delivery with a driver. */
async function outForDelivery(id: string) {
  const driver = await assignNewDriver(t, operator.headers, id);
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
    const res = await post(`/api/driver/jobs/${id}/status`, driver.headers, { status });
    expect(res.statusCode, res.body).toBe(200);
  }
  return driver;
}

/** The newest 4-digit code texted to the shipper: the code to take a returned parcel back. */
async function returnCodeSentTo(phone: string) {
  const [message] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)).orderBy(desc(outboxMessages.createdAt));
  return /(?<![\w-])(\d{4})(?![\w-])/.exec(message!.body)![1]!;
}

/** A prepaid order paid from the shipper's wallet, funded with its price and `spareKobo` more, refused and handed back. */
async function returnedPrepaidOrder(shipper: { headers: Headers; user: { id: string; phone: string | null } }, spareKobo = 0) {
  const booked = await book(t, shipper.headers, { receiverPhone: uniquePhone() });
  await fundWallet(t.deps.db, shipper.user.id, booked.price.total + spareKobo);
  expect((await payWithWallet(t, shipper.headers, booked.id)).statusCode).toBe(200);
  const driver = await outForDelivery(booked.id);
  expect((await post(`/api/driver/jobs/${booked.id}/failed-attempt`, driver.headers, { reason: 'receiver_unavailable' })).statusCode).toBe(200);
  expect((await post(`/api/dispatch/deliveries/${booked.id}/after-failure`, operator.headers, { decision: 'return' })).statusCode).toBe(200);
  const handed = await post(`/api/driver/jobs/${booked.id}/deliver`, driver.headers, { code: await returnCodeSentTo(shipper.user.phone!) });
  expect(handed.statusCode, handed.body).toBe(200);
  return booked;
}

async function receiverCode(phone: string) {
  const [message] = (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)).orderBy(desc(outboxMessages.createdAt))).filter(
    (m) => m.holdsSecret && !m.body.includes('/pay/'),
  );
  return /(?<![\w-])(\d{4})(?![\w-])/.exec(message!.body)![1]!;
}

async function expectLedgerClean() {
  expect((await checkLedger(t.deps.db)).differences).toEqual([]);
  expect(await createDeliveriesRepository(t.deps.db).totalsDifferingFromRecount()).toEqual([]);
}

describe('booking pay on delivery', () => {
  it('quotes and books the fee (1.5 %, at least ₦100) and the return reserve (half the delivery fee), and charges fee + reserve', async () => {
    const { shipper, id, booked } = await paidCodBooking(20_000 * NAIRA);
    const cod = booked.cod as { amountKobo: number; feeKobo: number; reserveKobo: number; paidAt: string | null };
    expect(cod).toEqual({ amountKobo: 2_000_000, feeKobo: 30_000, reserveKobo: returnFeeOf(RATE_CARD, booked.price.total), paidAt: null });
    expect(codFeeOf(RATE_CARD, 1_000_000)).toBe(15_000);
    expect(codFeeOf(RATE_CARD, 20_000)).toBe(10_000);
    expect(await balanceOf(t, shipper.user.id)).toBe(10_000_000 - booked.price.total - cod.reserveKobo);
    expect(await accountBalance('cod_reserve', (await rowOf(id)).id)).toBe(cod.reserveKobo);
    const listed = (await get('/api/deliveries?kind=pay_on_delivery', shipper.headers)).json().data.items;
    expect(listed.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await get('/api/deliveries?kind=pay_on_delivery', (await createSignedInUser(t.deps)).headers)).json().data.items).toEqual([]);
    await expectLedgerClean();
  });

  it('refuses an amount out of bounds or with a fraction of a kobo (422), and an unknown field (400)', async () => {
    const shipper = await createSignedInUser(t.deps);
    for (const amountKobo of [9_999, 50_000_001, 1_000_000.5, -5]) {
      const res = await post('/api/book-delivery', shipper.headers, bookingBody({ collectOnDelivery: { amountKobo } }));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('COD_AMOUNT_INVALID');
    }
    const extra = await post('/api/book-delivery', shipper.headers, bookingBody({ collectOnDelivery: { amountKobo: 100_000, currency: 'USD' } }));
    expect(extra.statusCode).toBe(400);
  });

  it('the quote shows the terms', async () => {
    const shipper = await createSignedInUser(t.deps);
    const placeId = async (q: string) => (await get(`/api/places?q=${encodeURIComponent(q)}`)).json().data.items[0].id as string;
    const res = await post('/api/quotes', shipper.headers, {
      pickup: { placeId: await placeId('Victoria Island'), line: '12 Ligali Ayorinde Street' },
      dropoff: { placeId: await placeId('Ikoyi'), line: '5 Awolowo Road' },
      packageType: 'documents',
      packageWeight: 'light',
      transportMode: 'bike',
      deliveryType: 'standard',
      deliveryTime: 'morning',
      deliveryDate: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      collectOnDelivery: { amountKobo: 2_000_000 },
    });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(res.body);
    const quote = res.json().data;
    expect(quote.cod).toEqual({ amountKobo: 2_000_000, feeKobo: 30_000, reserveKobo: Math.ceil(quote.price.total / 2), settledKobo: 1_970_000 });
  });
});

describe('the receiver pays by link', () => {
  it('a server-rendered page in their language; pays in the sandbox into escrow; the hand-over settles in one posting', async () => {
    const { shipper, id, receiverPhone, link, booked } = await paidCodBooking(20_000 * NAIRA);
    const page = await get(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).not.toContain('<script');
    expect(page.body).toMatch(/20,000\.00/);
    const driver = await outForDelivery(id);

    const refused = await post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code: await receiverCode(receiverPhone) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'COD_UNPAID' });

    const back = await receiverPays(link);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.body).toContain('Paid');
    const row = await rowOf(id);
    expect(row.codPaidAt).not.toBeNull();
    expect(await accountBalance('cod_escrow', row.id)).toBe(2_000_000);
    const job = (await get(`/api/driver/jobs/${id}`, driver.headers)).json().data;
    expect(job.cod).toMatchObject({ amountKobo: 2_000_000 });
    expect(job.cod.paidAt).not.toBeNull();
    expect((await get('/api/deliveries/cod-summary', shipper.headers)).json().data).toEqual({ collectedKobo: 0, awaitingKobo: 2_000_000, hasOrders: true });
    // The driver collects for others and ships nothing of their own: the wallet shows them no pay-on-delivery block.
    expect((await get('/api/deliveries/cod-summary', driver.headers)).json().data).toEqual({ collectedKobo: 0, awaitingKobo: 0, hasOrders: false });

    const before = await balanceOf(t, shipper.user.id);
    const handed = await post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code: await receiverCode(receiverPhone) });
    expect(handed.statusCode, handed.body).toBe(200);
    const reserve = Math.ceil(booked.price.total / 2);
    // ₦20,000 collected less the ₦300 fee, and the reserve back.
    expect((await balanceOf(t, shipper.user.id)) - before).toBe(1_970_000 + reserve);
    expect(await ledgerSum(t, shipper.user.id)).toBe(await balanceOf(t, shipper.user.id));
    expect(await accountBalance('cod_escrow', row.id)).toBe(0);
    expect(await accountBalance('cod_reserve', row.id)).toBe(0);
    expect((await get('/api/deliveries/cod-summary', shipper.headers)).json().data).toEqual({ collectedKobo: 1_970_000, awaitingKobo: 0, hasOrders: true });
    // Sandbox money stays test money.
    const [wallet] = await t.deps.db.select().from(wallets).where(eq(wallets.userId, shipper.user.id));
    expect(wallet!.sandboxKobo).toBeGreaterThanOrEqual(1_970_000);
    // The link died with the delivery.
    const dead = await get(link);
    expect(dead.statusCode).toBe(410);
    expect((await post(link, { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(410);
    expect((await get('/pay/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await get('/pay/not-a-token')).statusCode).toBe(404);
    await expectLedgerClean();
  });

  it('paying twice: one escrow credit; the second charge is refunded at the gateway and recorded', async () => {
    const { id, link } = await paidCodBooking(5_000 * NAIRA);
    const [first, second] = await Promise.all([
      post(link, { 'content-type': 'application/x-www-form-urlencoded' }),
      post(link, { 'content-type': 'application/x-www-form-urlencoded' }),
    ]);
    const approvals = await Promise.all(
      [first, second].map((started) => decideSandboxCheckout(t, {}, started.headers.location as string, 'approve')),
    );
    // Both come back at once, each several times (the payer's return racing itself).
    const returns = await Promise.all(approvals.flatMap((approved) => Array.from({ length: 10 }, () => get(approved.headers.location as string))));
    for (const res of returns) expect(res.statusCode).toBe(200);
    const row = await rowOf(id);
    expect(await accountBalance('cod_escrow', row.id)).toBe(500_000);
    const codPayments = await t.deps.db.select().from(payments).where(and(eq(payments.deliveryId, row.id), eq(payments.purpose, 'cod')));
    expect(codPayments.map((p) => p.status).sort()).toEqual(['reversed', 'succeeded']);
    const reversed = codPayments.find((p) => p.status === 'reversed')!;
    const [charge] = await t.deps.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reversed.reference));
    expect(charge!.refundedAt).not.toBeNull();
    await expectLedgerClean();
  });

  it('what the shipper owes is taken from the settlement as it is credited', async () => {
    const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
    // A returned prepaid order with an empty wallet leaves its fee owed.
    const prepaid = await returnedPrepaidOrder(shipper);
    const owed = returnFeeOf(RATE_CARD, prepaid.price.total);
    expect((await get('/api/wallet', shipper.headers)).json().data.owedKobo).toBe(owed);

    // A pay-on-delivery order paid with money put in by hand (the factory's adjustment takes nothing owed).
    const receiverPhone = uniquePhone();
    const booked = await book(t, shipper.headers, { receiverPhone, collectOnDelivery: { amountKobo: 20_000 * NAIRA } });
    const reserve = Math.ceil(booked.price.total / 2);
    await fundWallet(t.deps.db, shipper.user.id, booked.price.total + reserve);
    expect((await payWithWallet(t, shipper.headers, booked.id)).statusCode).toBe(200);
    expect(await balanceOf(t, shipper.user.id)).toBe(0);
    expect((await receiverPays(await payLinkSentTo(receiverPhone))).statusCode).toBe(200);
    const driver = await outForDelivery(booked.id);
    const handed = await post(`/api/driver/jobs/${booked.id}/deliver`, driver.headers, { code: await receiverCode(receiverPhone) });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await balanceOf(t, shipper.user.id)).toBe(1_970_000 + reserve - owed);
    expect((await get('/api/wallet', shipper.headers)).json().data.owedKobo).toBe(0);
    expect(await accountBalance('receivable', shipper.user.id)).toBe(0);
    const history = (await get('/api/wallet/transactions', shipper.headers)).json().data.items as { type: string }[];
    expect(history.map((item) => item.type)).toEqual(expect.arrayContaining(['owed_paid', 'collected']));
    expect(await ledgerSum(t, shipper.user.id)).toBe(await balanceOf(t, shipper.user.id));
    await expectLedgerClean();
  });

  it('a driver who shipped the order themselves is paid their share and the settlement, each once', async () => {
    const shipper = await createSignedInDriver(t.deps);
    await fundWallet(t.deps.db, shipper.user.id, 10_000_000);
    const receiverPhone = uniquePhone();
    const booked = await book(t, shipper.headers, { receiverPhone, collectOnDelivery: { amountKobo: 20_000 * NAIRA } });
    expect((await payWithWallet(t, shipper.headers, booked.id)).statusCode).toBe(200);
    expect((await receiverPays(await payLinkSentTo(receiverPhone))).statusCode).toBe(200);
    const assigned = await post(`/api/dispatch/deliveries/${booked.id}/assign-driver`, operator.headers, { driverId: shipper.user.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
      expect((await post(`/api/driver/jobs/${booked.id}/status`, shipper.headers, { status })).statusCode).toBe(200);
    }
    const row = await rowOf(booked.id);
    const before = await balanceOf(t, shipper.user.id);
    const handed = await post(`/api/driver/jobs/${booked.id}/deliver`, shipper.headers, { code: await receiverCode(receiverPhone) });
    expect(handed.statusCode, handed.body).toBe(200);
    const reserve = Math.ceil(booked.price.total / 2);
    const share = Math.floor(((row.baseFareKobo + row.distanceFeeKobo) * t.deps.env.DRIVER_EARNINGS_PERCENT) / 100);
    expect((await balanceOf(t, shipper.user.id)) - before).toBe(1_970_000 + reserve + share);
    expect(await ledgerSum(t, shipper.user.id)).toBe(await balanceOf(t, shipper.user.id));
    expect(await accountBalance('cod_escrow', row.id)).toBe(0);
    await expectLedgerClean();
  });

  it('the driver can send the link again (the old one dies); not for a prepaid job (409) or another driver (404)', async () => {
    const { id, receiverPhone, link } = await paidCodBooking();
    const driver = await outForDelivery(id);
    const res = await post(`/api/driver/jobs/${id}/pay-link`, driver.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ sent: true, paid: false });
    const fresh = await payLinkSentTo(receiverPhone);
    expect(fresh).not.toBe(link);
    expect((await get(link)).statusCode).toBe(404);
    expect((await get(fresh)).statusCode).toBe(200);
    const other = await createSignedInUser(t.deps, { roles: ['customer', 'driver'] });
    expect((await post(`/api/driver/jobs/${id}/pay-link`, other.headers)).statusCode).toBe(404);

    const prepaidShipper = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, prepaidShipper.user.id, 1_000_000);
    const prepaid = await book(t, prepaidShipper.headers);
    expect((await payWithWallet(t, prepaidShipper.headers, prepaid.id)).statusCode).toBe(200);
    const prepaidDriver = await outForDelivery(prepaid.id);
    const refused = await post(`/api/driver/jobs/${prepaid.id}/pay-link`, prepaidDriver.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_PAY_ON_DELIVERY');
  });
});

describe('what the board, the tracking and the receipts say', () => {
  const boardCard = async (id: string) => {
    const res = await get(`/api/dispatch/deliveries/search?q=${id}`, operator.headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { id: string; cod: unknown }[]).find((item) => item.id === id)!;
  };

  it('the board row and the owner\'s tracking carry the amount and the paid state; the public page only the paid state', async () => {
    const { shipper, id, link } = await paidCodBooking(20_000 * NAIRA);
    const { trackingId } = await rowOf(id);
    // The board's own page (its one statement) and its search both carry it.
    const page = (await get('/api/dispatch/deliveries?status=unassigned&limit=100', operator.headers)).json().data.items as { id: string; cod: unknown }[];
    expect(page.find((item) => item.id === id)!.cod).toEqual({ amountKobo: 2_000_000, paidAt: null });
    expect((await boardCard(id)).cod).toEqual({ amountKobo: 2_000_000, paidAt: null });
    const tracked = await get(`/api/tracking/${trackingId}`, shipper.headers);
    expect(tracked.statusCode, tracked.body).toBe(200);
    // The owner reads its terms there too: the fee kept, and the return reserve held (decision 092).
    const terms = { amountKobo: 2_000_000, feeKobo: codFeeOf(RATE_CARD, 2_000_000), reserveKobo: (await rowOf(id)).codReserveKobo };
    expect(terms.reserveKobo).toBeGreaterThan(0);
    expect(tracked.json().data.cod).toEqual({ ...terms, paid: false });
    const publicView = await get(`/api/track/${trackingId}`);
    expect(publicView.json().data.cod).toEqual({ paid: false });
    // Never the amount to whoever holds the tracking id (decision 053): not in the JSON, not on the page.
    const publicPage = await get(`/track/${trackingId}?lng=en-US`);
    expect(publicPage.body).toContain('Pay on delivery: <strong>Awaiting payment</strong>');
    for (const body of [publicView.body, publicPage.body]) {
      expect(body).not.toContain('20,000');
      expect(body).not.toContain('2000000');
    }

    expect((await receiverPays(link)).statusCode).toBe(200);
    const paidAt = ((await boardCard(id)).cod as { paidAt: string | null }).paidAt;
    expect(paidAt).not.toBeNull();
    // The owner's tracking answer is cached per user; the payment's event dropped it.
    expect((await get(`/api/tracking/${trackingId}`, shipper.headers)).json().data.cod).toEqual({ ...terms, paid: true });
    expect((await get(`/api/track/${trackingId}`)).json().data.cod).toEqual({ paid: true });
    expect((await get(`/track/${trackingId}?lng=en-US`)).body).toContain('Pay on delivery: <strong>Paid</strong>');
    // A prepaid delivery has none.
    const prepaidShipper = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, prepaidShipper.user.id, 1_000_000);
    const prepaid = await book(t, prepaidShipper.headers);
    expect((await payWithWallet(t, prepaidShipper.headers, prepaid.id)).statusCode).toBe(200);
    expect((await boardCard(prepaid.id)).cod).toBeNull();
    expect((await get(`/api/tracking/${(await rowOf(prepaid.id)).trackingId}`, prepaidShipper.headers)).json().data.cod).toBeNull();
  });

  it('the money settled at the hand-over has a numbered receipt: what was credited, its lines, VAT on the fee only; emailed once', async () => {
    const { shipper, id, receiverPhone, link, booked } = await paidCodBooking(20_000 * NAIRA);
    const driver = await outForDelivery(id);
    expect((await receiverPays(link)).statusCode).toBe(200);
    const handed = await post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code: await receiverCode(receiverPhone) });
    expect(handed.statusCode, handed.body).toBe(200);
    const row = await rowOf(id);
    const reserve = returnFeeOf(RATE_CARD, booked.price.total);
    const credited = 2_000_000 - 30_000 + reserve;

    const listed = (await get('/api/receipts?limit=100', shipper.headers)).json().data.items as { id: string; number: string; kind: string; amountKobo: number; deliveryId: string | null }[];
    const settlement = listed.filter((item) => item.kind === 'cod-settlement');
    expect(settlement).toHaveLength(1);
    expect(settlement[0]).toMatchObject({ amountKobo: credited, deliveryId: id });
    // Its number is the series' (no gap, no repeat is receipts.test.ts's business), after the booking payment's.
    const [stored] = await t.deps.db.select().from(receipts).where(eq(receipts.id, settlement[0]!.id));
    expect(settlement[0]!.number).toBe(formatReceiptNumber(stored!.number));
    expect(stored!.sourceKey).toBe(`cod-settlement:${row.id}`);
    const payment = listed.find((item) => item.kind === 'payment' && item.deliveryId === id)!;
    expect(Number(settlement[0]!.number.slice(1))).toBeGreaterThan(Number(payment.number.slice(1)));

    const res = await get(`/api/receipts/${settlement[0]!.id}`, shipper.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'cod-settlement',
      amountKobo: credited,
      deliveryId: id,
      trackingId: row.trackingId,
      method: null,
      balanceAfterKobo: await balanceOf(t, shipper.user.id),
      cod: { collectedKobo: 2_000_000, feeKobo: 30_000, reserveKobo: reserve },
      // The fee is a sale of ours and includes VAT; the goods money and the reserve are not and do not.
      vatPercent: 7.5,
      vatKobo: vatIncludedKobo(30_000, 750),
    });
    expect((await get(`/api/receipts/${settlement[0]!.id}`, operator.headers)).statusCode).toBe(404);

    const mail = (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, shipper.user.email!))).filter((m) =>
      m.subject.startsWith(`Lanefreight receipt: ₦${(credited / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} from delivery ${id}`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Collected from the receiver: ₦20,000.00');
    expect(mail[0]!.body).toContain('Pay-on-delivery fee kept (VAT included): ₦300.00');
    expect(mail[0]!.body).toContain(`Receipt ${settlement[0]!.number}`);
    expect(mail[0]!.body).toContain(`/dashboard/receipts/${settlement[0]!.id}`);
  });
});

/** The account's return-fee receipts: each a sale with VAT included, keyed to its delivery when it has one. */
async function expectReturnFeeReceipts(
  shipper: { headers: Headers; user: { id: string } },
  expected: { amountKobo: number; deliveryId: string | null; sourceKey: string | null }[],
) {
  const listed = (await get('/api/receipts?limit=100', shipper.headers)).json().data.items as { id: string; kind: string }[];
  const found = listed.filter((item) => item.kind === 'return-fee');
  expect(found).toHaveLength(expected.length);
  for (const [i, want] of expected.entries()) {
    const receipt = (await get(`/api/receipts/${found[i]!.id}`, shipper.headers)).json().data;
    expect(receipt).toMatchObject({ amountKobo: want.amountKobo, deliveryId: want.deliveryId, vatPercent: 7.5, vatKobo: vatIncludedKobo(want.amountKobo, 750), reserveKobo: null });
    const [stored] = await t.deps.db.select().from(receipts).where(eq(receipts.id, found[i]!.id));
    expect(stored!.sourceKey).toBe(want.sourceKey);
  }
}

describe('cancellation and returns', () => {
  it('cancelled before pickup: the fee and the reserve come back, and a receiver who paid is refunded; after pickup it only returns', async () => {
    const { shipper, id, link } = await paidCodBooking();
    const before = await balanceOf(t, shipper.user.id);
    expect((await receiverPays(link)).statusCode).toBe(200);
    const cancelled = await post(`/api/deliveries/${id}/cancel`, shipper.headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = await rowOf(id);
    expect((await balanceOf(t, shipper.user.id)) - before).toBe(row.totalKobo + row.codReserveKobo!);
    expect(await accountBalance('cod_escrow', row.id)).toBe(0);
    const [payment] = await t.deps.db.select().from(payments).where(and(eq(payments.deliveryId, row.id), eq(payments.purpose, 'cod')));
    expect(payment!.status).toBe('refunded');

    // The reserve is a deposit, not a sale: the payment's and the refund's receipts carry the price's VAT only.
    const listed = (await get('/api/receipts?limit=100', shipper.headers)).json().data.items as { id: string; kind: string; deliveryId: string | null }[];
    for (const kind of ['payment', 'refund']) {
      const found = listed.filter((item) => item.deliveryId === id && item.kind === kind);
      expect(found, kind).toHaveLength(1);
      expect((await get(`/api/receipts/${found[0]!.id}`, shipper.headers)).json().data).toMatchObject({
        kind,
        amountKobo: row.totalKobo + row.codReserveKobo!,
        reserveKobo: row.codReserveKobo,
        vatPercent: 7.5,
        vatKobo: vatIncludedKobo(row.totalKobo, 750),
      });
    }
    const mail = (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, shipper.user.email!))).filter((m) => m.subject.includes(`paid for delivery ${id}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(`Of which the return reserve (a deposit, no VAT): ₦${(row.codReserveKobo! / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    const second = await paidCodBooking();
    await outForDelivery(second.id);
    expect((await post(`/api/deliveries/${second.id}/cancel`, second.shipper.headers)).statusCode).toBe(409);
    await expectLedgerClean();
  });

  it('a returned pay-on-delivery order: the fee from the reserve, the driver paid a share, the receiver refunded', async () => {
    const { shipper, id, link } = await paidCodBooking();
    expect((await receiverPays(link)).statusCode).toBe(200);
    const driver = await outForDelivery(id);
    expect((await post(`/api/driver/jobs/${id}/failed-attempt`, driver.headers, { reason: 'refused' })).statusCode).toBe(200);
    const returning = await post(`/api/deliveries/${id}/after-failure`, shipper.headers, { decision: 'return' });
    expect(returning.statusCode, returning.body).toBe(200);
    const row = await rowOf(id);
    // A receiver who paid and then refused gets it all back, as the return starts.
    expect(await accountBalance('cod_escrow', row.id)).toBe(0);
    const shipperBefore = await balanceOf(t, shipper.user.id);
    const driverBefore = await balanceOf(t, driver.user.id);
    const handed = await post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code: await returnCodeSentTo(shipper.user.phone!) });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data.status).toBe('returned');
    expect(await balanceOf(t, shipper.user.id)).toBe(shipperBefore);
    expect(await accountBalance('cod_reserve', row.id)).toBe(0);
    const returnFee = returnFeeOf(RATE_CARD, row.totalKobo);
    expect((await balanceOf(t, driver.user.id)) - driverBefore).toBe(Math.floor((returnFee * t.deps.env.DRIVER_EARNINGS_PERCENT) / 100));
    await expectLedgerClean();
    // Going back to its sender, it has no delivery estimate any more.
    const listed = (await get('/api/deliveries', shipper.headers)).json().data.items as { id: string; estimatedDelivery: unknown }[];
    expect(listed.find((item) => item.id === id)).toMatchObject({ estimatedDelivery: null });
    // The reserve paid at booking became the return's fee: a sale now, with its receipt and its VAT, once.
    await expectReturnFeeReceipts(shipper, [{ amountKobo: returnFee, deliveryId: id, sourceKey: `return-fee:${row.id}` }]);
  });

  it('a returned prepaid order takes the fee from the wallet; what it cannot cover is owed and taken from the next top-up', async () => {
    const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
    const booked = await returnedPrepaidOrder(shipper);
    expect(await balanceOf(t, shipper.user.id)).toBe(0);
    const fee = returnFeeOf(RATE_CARD, booked.price.total);
    expect((await get('/api/wallet', shipper.headers)).json().data.owedKobo).toBe(fee);
    expect(await accountBalance('receivable', shipper.user.id)).toBe(-fee);
    await expectLedgerClean();

    // The next money in pays what is owed first: a top-up through the sandbox.
    const start = await post('/api/wallet/top-ups', shipper.headers, { amountKobo: fee + 50_000 });
    expect(start.statusCode, start.body).toBe(201);
    const { reference, checkoutUrl } = start.json().data as { reference: string; checkoutUrl: string };
    expect((await decideSandboxCheckout(t, shipper.headers, checkoutUrl, 'approve')).statusCode).toBe(303);
    const verified = await post(`/api/wallet/top-ups/${reference}/verify`, shipper.headers);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await balanceOf(t, shipper.user.id)).toBe(50_000);
    expect((await get('/api/wallet', shipper.headers)).json().data.owedKobo).toBe(0);
    const history = (await get('/api/wallet/transactions', shipper.headers)).json().data.items as { type: string }[];
    expect(history.map((item) => item.type)).toContain('owed_paid');
    await expectLedgerClean();
    // The empty wallet paid nothing at the return; the fee's receipt comes when what was owed is paid.
    await expectReturnFeeReceipts(shipper, [{ amountKobo: fee, deliveryId: null, sourceKey: null }]);
  });

  it('a returned prepaid order whose wallet covers the fee: its receipt at the return, once', async () => {
    const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
    const booked = await returnedPrepaidOrder(shipper, 1_000_000);
    const row = await rowOf(booked.id);
    await expectReturnFeeReceipts(shipper, [{ amountKobo: returnFeeOf(RATE_CARD, booked.price.total), deliveryId: booked.id, sourceKey: `return-fee:${row.id}` }]);
    const mail = (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, shipper.user.email!))).filter((m) => m.subject.startsWith('Lanefreight receipt: return fee of'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain('Amount paid (VAT included):');
  });
});

describe('what a shipper spent (decision 084)', () => {
  it('is the price and any return fee, never the reserve: the dashboard, the wallet\'s months and the recount agree', async () => {
    const shipper = await createSignedInUser(t.deps, { phone: uniquePhone() });
    await fundWallet(t.deps.db, shipper.user.id, 10_000_000);
    const codOrder = async () => {
      const receiverPhone = uniquePhone();
      const booked = await book(t, shipper.headers, { receiverPhone, collectOnDelivery: { amountKobo: 20_000 * NAIRA } });
      expect((await payWithWallet(t, shipper.headers, booked.id)).statusCode).toBe(200);
      return { id: booked.id as string, total: booked.price.total as number, receiverPhone, link: await payLinkSentTo(receiverPhone) };
    };
    // Paid for, handed over and settled: the reserve came back with the settlement.
    const delivered = await codOrder();
    expect((await receiverPays(delivered.link)).statusCode).toBe(200);
    const driver = await outForDelivery(delivered.id);
    const handed = await post(`/api/driver/jobs/${delivered.id}/deliver`, driver.headers, { code: await receiverCode(delivered.receiverPhone) });
    expect(handed.statusCode, handed.body).toBe(200);
    // Refused and brought back: the reserve became the return's fee.
    const returned = await codOrder();
    const returner = await outForDelivery(returned.id);
    expect((await post(`/api/driver/jobs/${returned.id}/failed-attempt`, returner.headers, { reason: 'refused' })).statusCode).toBe(200);
    expect((await post(`/api/deliveries/${returned.id}/after-failure`, shipper.headers, { decision: 'return' })).statusCode).toBe(200);
    const back = await post(`/api/driver/jobs/${returned.id}/deliver`, returner.headers, { code: await returnCodeSentTo(shipper.user.phone!) });
    expect(back.statusCode, back.body).toBe(200);
    // Cancelled before pickup: nothing spent.
    const cancelled = await codOrder();
    expect((await post(`/api/deliveries/${cancelled.id}/cancel`, shipper.headers)).statusCode).toBe(200);
    // A prepaid order brought back, its fee from the wallet.
    const prepaid = await returnedPrepaidOrder(shipper);
    const prepaidCost = prepaid.price.total + returnFeeOf(RATE_CARD, prepaid.price.total);
    const spent = delivered.total + returned.total + (await rowOf(returned.id)).codReserveKobo! + prepaidCost;

    const figures = async () => {
      const wallet = (await get('/api/wallet', shipper.headers)).json().data;
      return {
        totalSpent: (await get('/api/dashboard/summary', shipper.headers)).json().data.totalSpent,
        thisMonth: wallet.thisMonthSpentKobo,
        lastMonth: wallet.lastMonthSpentKobo,
        monthlyAverage: wallet.monthlyAverageSpentKobo,
      };
    };
    expect(await figures()).toEqual({ totalSpent: spent, thisMonth: spent, lastMonth: 0, monthlyAverage: spent });
    await expectLedgerClean();

    // A delivery counts in the month it was paid for.
    const lastMonth = new Date(lagosMonthStart(new Date(), 1).getTime() + 3_600_000);
    await t.deps.db.update(deliveries).set({ paidAt: lastMonth }).where(eq(deliveries.number, parseDeliveryId(prepaid.id)!));
    const byMonth = { totalSpent: spent, thisMonth: spent - prepaidCost, lastMonth: prepaidCost, monthlyAverage: Math.round(spent / 2) };
    expect(await figures()).toEqual(byMonth);

    // Deliveries returned before migration 0032 learn their fee from the ledger, and the totals follow.
    const numbers = [returned.id, prepaid.id].map((id) => parseDeliveryId(id)!);
    await t.deps.db.update(deliveries).set({ returnFeeKobo: null }).where(inArray(deliveries.number, numbers));
    expect((await figures()).totalSpent).toBe(spent - (await rowOf(returned.id)).codReserveKobo! - returnFeeOf(RATE_CARD, prepaid.price.total));
    const migration = readFileSync(path.join(PROJECT_ROOT, 'drizzle', '0032_dashboard_totals_active_and_spent.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').filter((statement) => /^\s*UPDATE/m.test(statement));
    expect(backfill).toHaveLength(1);
    await t.deps.db.execute(sql.raw(backfill[0]!));
    expect(await figures()).toEqual(byMonth);
    await expectLedgerClean();
  });
});

describe('races (20 parallel requests each): one outcome, the ledger clean', () => {
  it('the hand-over while the payment is being settled', async () => {
    const { id, receiverPhone, link } = await paidCodBooking();
    const driver = await outForDelivery(id);
    const started = await post(link, { 'content-type': 'application/x-www-form-urlencoded' });
    const approved = await decideSandboxCheckout(t, {}, started.headers.location as string, 'approve');
    const code = await receiverCode(receiverPhone);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? get(approved.headers.location as string) : post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code }),
      ),
    );
    const handOvers = results.filter((_, i) => i % 2 === 0);
    expect(handOvers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    // Refused as unpaid while the payment settles, or judged a moment before another hand-over won.
    for (const r of handOvers.filter((res) => res.statusCode !== 200)) expect([409, 422]).toContain(r.statusCode);
    if (handOvers.every((r) => r.statusCode !== 200)) {
      expect((await post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code })).statusCode).toBe(200);
    }
    const row = await rowOf(id);
    expect(row.status).toBe('delivered');
    expect(await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `cod-settle:${row.id}`))).toHaveLength(1);
    await expectLedgerClean();
  });

  it('a return started while the receiver pays', async () => {
    const { shipper, id, link } = await paidCodBooking();
    const driver = await outForDelivery(id);
    expect((await post(`/api/driver/jobs/${id}/failed-attempt`, driver.headers, { reason: 'receiver_unavailable' })).statusCode).toBe(200);
    const started = await post(link, { 'content-type': 'application/x-www-form-urlencoded' });
    const approved = await decideSandboxCheckout(t, {}, started.headers.location as string, 'approve');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? get(approved.headers.location as string) : post(`/api/deliveries/${id}/after-failure`, shipper.headers, { decision: 'return' }),
      ),
    );
    expect(results.filter((r, i) => i % 2 === 0 && r.statusCode === 200)).toHaveLength(1);
    const row = await rowOf(id);
    expect(row.status).toBe('returning');
    // Paid first and refunded by the return, or refused as the return came first: nothing stays in escrow.
    expect(await accountBalance('cod_escrow', row.id)).toBe(0);
    const [payment] = await t.deps.db.select().from(payments).where(and(eq(payments.deliveryId, row.id), eq(payments.purpose, 'cod')));
    expect(['refunded', 'reversed']).toContain(payment!.status);
    await expectLedgerClean();
  });

  it('the operator completes while the driver hands over', async () => {
    const { id, receiverPhone, link } = await paidCodBooking();
    const driver = await outForDelivery(id);
    expect((await receiverPays(link)).statusCode).toBe(200);
    const code = await receiverCode(receiverPhone);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? post(`/api/dispatch/deliveries/${id}/complete`, operator.headers, { note: 'Receiver confirmed by phone' })
          : post(`/api/driver/jobs/${id}/deliver`, driver.headers, { code }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row.status).toBe('delivered');
    expect(await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `cod-settle:${row.id}`))).toHaveLength(1);
    await expectLedgerClean();
  });
});

describe('npm run ledger:check proves pay on delivery (each rule broken on purpose)', () => {
  async function brokenPosting(kind: 'cod_payment' | 'cod_settlement' | 'return_fee', key: string, lines: { type: 'cod_escrow' | 'cod_reserve' | 'receivable' | 'adjustments'; key: string; amount: number }[]) {
    const [posting] = await t.deps.db.insert(postings).values({ kind, idempotencyKey: key }).returning({ id: postings.id });
    await t.deps.db.insert(postingLines).values(lines.map((l) => ({ postingId: posting!.id, accountType: l.type, accountKey: l.key, amountKobo: l.amount })));
  }
  const differences = async () => (await checkLedger(t.deps.db)).differences;

  it('an escrow left with money once its delivery ended', async () => {
    const { shipper, id } = await paidCodBooking();
    expect((await post(`/api/deliveries/${id}/cancel`, shipper.headers)).statusCode).toBe(200);
    const row = await rowOf(id);
    await brokenPosting('cod_payment', `broken-escrow:${row.id}`, [
      { type: 'cod_escrow', key: row.id, amount: 100 },
      { type: 'adjustments', key: '', amount: -100 },
    ]);
    expect(await differences()).toContainEqual(expect.stringContaining(`escrow of delivery ${row.id}`));
    await brokenPosting('cod_payment', `broken-escrow-back:${row.id}`, [
      { type: 'cod_escrow', key: row.id, amount: -100 },
      { type: 'adjustments', key: '', amount: 100 },
    ]);
  });

  it('a settlement without a delivered event', async () => {
    const { id } = await paidCodBooking();
    const row = await rowOf(id);
    await brokenPosting('cod_settlement', `cod-settle:${row.id}`, [
      { type: 'adjustments', key: '', amount: 0 },
    ]);
    expect(await differences()).toContainEqual(`settlement cod-settle:${row.id} has no delivered event`);
    await t.deps.db.execute(sql`insert into delivery_events (delivery_id, status) values (${row.id}, 'delivered')`);
  });

  it('a reserve used twice', async () => {
    const { id } = await paidCodBooking();
    const row = await rowOf(id);
    for (const n of [1, 2]) {
      await brokenPosting('return_fee', `broken-reserve-${n}:${row.id}`, [
        { type: 'cod_reserve', key: row.id, amount: -1 },
        { type: 'adjustments', key: '', amount: 1 },
      ]);
    }
    expect(await differences()).toContainEqual(expect.stringContaining(`return reserve of delivery ${row.id}`));
    await brokenPosting('return_fee', `broken-reserve-back:${row.id}`, [
      { type: 'cod_reserve', key: row.id, amount: 2 },
      { type: 'adjustments', key: '', amount: -2 },
    ]);
  });

  it('what is owed differing from what is recorded', async () => {
    const shipper = await createSignedInUser(t.deps);
    await brokenPosting('return_fee', `broken-owed:${shipper.user.id}`, [
      { type: 'receivable', key: shipper.user.id, amount: -500 },
      { type: 'adjustments', key: '', amount: 500 },
    ]);
    expect(await differences()).toContainEqual(`user ${shipper.user.id} owes 500 kobo by the ledger, but the wallet records 0`);
    await t.deps.db.insert(wallets).values({ userId: shipper.user.id, owedKobo: 500 });
    expect(await differences()).not.toContainEqual(expect.stringContaining(shipper.user.id));
  });
});
