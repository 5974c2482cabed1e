import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { decideSandboxCheckout } from '../../test/payment-test-helpers.js';
import { fundSandbox, merchantApiClient } from '../../test/merchant-api-helpers.js';
import { outboxMessages, receipts } from '../../db/schema/index.js';
import { formatReceiptNumber, vatIncludedKobo } from '../../../shared/schemas/receipts.js';
import { createReceiptsRepository } from './receipts-repository.js';

/** Numbered receipts (issue 24, decision 057). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

interface Listed {
  id: string;
  number: string;
  kind: string;
  amountKobo: number;
  deliveryId: string | null;
}
async function listAll(headers: Headers, limit = 100): Promise<Listed[]> {
  const items: Listed[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`/api/receipts?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { items: Listed[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** The whole series has every number from 1 to its last, each once. */
async function expectGapless() {
  const repository = createReceiptsRepository(t.deps.db);
  const numbers = await repository.allNumbers();
  expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  expect(await repository.lastNumber()).toBe(numbers.length);
}

describe('numbered receipts', () => {
  it('VAT included is price × rate ÷ (100% + rate), to the kobo, and never added', () => {
    expect(vatIncludedKobo(107_500, 750)).toBe(7_500);
    expect(vatIncludedKobo(270_000, 750)).toBe(18_837);
    expect(vatIncludedKobo(100, 0)).toBe(0);
    expect(formatReceiptNumber(42)).toBe('R000042');
    expect(formatReceiptNumber(1_234_567)).toBe('R1234567');
  });

  it('20 payments at once get 20 receipts numbered with no gap and no repeat, each read by its owner only', async () => {
    const owner = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, owner.user.id, 50_000_000);
    const booked = await Promise.all(Array.from({ length: 20 }, () => book(t, owner.headers)));
    const paid = await Promise.all(booked.map((delivery) => payWithWallet(t, owner.headers, delivery.id)));
    for (const res of paid) expect(res.statusCode, res.body).toBe(200);

    const listed = await listAll(owner.headers, 7);
    const payments = listed.filter((item) => item.kind === 'payment');
    expect(payments.map((item) => item.deliveryId).sort()).toEqual(booked.map((delivery) => delivery.id).sort());
    // Newest first, each number once.
    const numbers = listed.map((item) => Number(item.number.slice(1)));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(new Set(numbers).size).toBe(numbers.length);
    await expectGapless();

    // The receipt: the total as paid, the VAT it includes at 7.5%, in the owner's language on the page.
    const one = payments[0]!;
    const res = await get(`/api/receipts/${one.id}`, owner.headers);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json().data as { amountKobo: number; vatPercent: number; vatKobo: number; method: string; trackingId: string | null; customer: { name: string } };
    const delivery = booked.find((item) => item.id === one.deliveryId)!;
    expect(receipt.amountKobo).toBe(delivery.price.total);
    expect(receipt.vatPercent).toBe(7.5);
    expect(receipt.vatKobo).toBe(vatIncludedKobo(delivery.price.total, 750));
    expect(receipt.method).toBe('wallet');
    expect(receipt.trackingId).toMatch(/^LF-/);
    expect(receipt.customer.name).toBe(owner.user.name);

    // Anyone else: 404, as for a receipt that does not exist; nobody signed in: 401.
    const stranger = await createSignedInUser(t.deps);
    expect((await get(`/api/receipts/${one.id}`, stranger.headers)).statusCode).toBe(404);
    expect((await get('/api/receipts/00000000-0000-4000-8000-000000000000', owner.headers)).statusCode).toBe(404);
    expect((await get('/api/receipts/not-a-uuid', owner.headers)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/receipts/${one.id}` })).statusCode).toBe(401);
    expect(await listAll(stranger.headers)).toEqual([]);
  });

  it('a top-up and a refund are numbered too (a withdrawal as well, by the same rule), VAT only where it is a sale; the email carries the number and link', async () => {
    const u = await createSignedInUser(t.deps);
    // A top-up through the sandbox.
    const start = await post('/api/wallet/top-ups', u.headers, { amountKobo: 500_000 });
    const { reference, checkoutUrl } = start.json().data as { reference: string; checkoutUrl: string };
    await decideSandboxCheckout(t, u.headers, checkoutUrl, 'approve');
    expect((await post(`/api/wallet/top-ups/${reference}/verify`, u.headers)).statusCode).toBe(200);
    // A paid delivery, cancelled: a payment and its refund.
    await fundWallet(t.deps.db, u.user.id, 2_000_000);
    const delivery = await book(t, u.headers);
    expect((await payWithWallet(t, u.headers, delivery.id)).statusCode).toBe(200);
    expect((await post(`/api/deliveries/${delivery.id}/cancel`, u.headers)).statusCode).toBe(200);

    const kinds = (await listAll(u.headers)).map((item) => item.kind);
    expect(kinds).toEqual(['refund', 'payment', 'top-up']);
    const rows = await t.deps.db.select().from(receipts).where(eq(receipts.userId, u.user.id));
    const byKind = Object.fromEntries(rows.map((row) => [row.kind, row]));
    expect(byKind['top-up']!.vatKobo).toBe(0);
    expect(byKind['top-up']!.vatBasisPoints).toBe(0);
    expect(byKind.refund!.vatKobo).toBe(vatIncludedKobo(delivery.price.total, 750));
    expect(byKind.refund!.amountKobo).toBe(delivery.price.total);

    const mail = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, u.user.email!));
    const paymentMail = mail.find((row) => row.subject.includes(delivery.id))!;
    expect(paymentMail.body).toContain(`Receipt ${formatReceiptNumber(byKind.payment!.number)}`);
    expect(paymentMail.body).toContain(`/dashboard/receipts/${byKind.payment!.id}`);
    await expectGapless();
  });

  it('a test-mode delivery (merchant API test key) gets no receipt, paid or refunded, and takes no number; a live one gets the next', async () => {
    const { createKey, v1, bookVia, advance } = merchantApiClient(() => t);
    const merchant = await createSignedInUser(t.deps);
    await fundSandbox(t.deps.db, merchant.user.id, 5_000_000);
    const { key: testKey } = await createKey(merchant, 'test');
    const cancelled = await bookVia(testKey);
    expect((await v1('POST', `/deliveries/${cancelled.id}/cancel`, testKey)).statusCode).toBe(200);
    await advance(testKey, (await bookVia(testKey)).id, 'picked_up', 'in_transit', 'out_for_delivery', 'delivered');
    expect(await listAll(merchant.headers)).toEqual([]);
    const mail = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, merchant.user.email!));
    expect(mail.filter((row) => /Receipt R\d/.test(row.body))).toEqual([]);

    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const live = await bookVia((await createKey(merchant, 'live')).key);
    expect(await listAll(merchant.headers)).toMatchObject([{ kind: 'payment', deliveryId: live.id }]);
    await expectGapless();
  });

  it('a second publication of the same payment gets the same receipt, not a second one', async () => {
    const u = await createSignedInUser(t.deps);
    const draft = { userId: u.user.id, kind: 'payment', sourceKey: `test:${u.user.id}`, amountKobo: 1000, vatBasisPoints: 750, vatKobo: 70, details: {} };
    const repository = createReceiptsRepository(t.deps.db);
    const [first, again] = await repository.issue([draft, draft]);
    expect(first!.created).toBe(true);
    expect(again!.row.number).toBe(first!.row.number);
    const [later] = await repository.issue([draft]);
    expect(later!.created).toBe(false);
    expect(later!.row.id).toBe(first!.row.id);
    await expectGapless();
  });

  it('two instances issuing for the same sources at once write one receipt each, numbered with no gap', async () => {
    const u = await createSignedInUser(t.deps);
    // Two repositories stand for two instances: each numbers its own batches, and only the database keeps them apart.
    const instances = [createReceiptsRepository(t.deps.db), createReceiptsRepository(t.deps.db)];
    const drafts = Array.from({ length: 5 }, (_, i) => ({
      userId: u.user.id,
      kind: 'payment',
      sourceKey: `race:${u.user.id}:${i}`,
      amountKobo: 1000 + i,
      vatBasisPoints: 750,
      vatKobo: 70,
      details: {},
    }));
    const attempts = instances.flatMap((repository) => drafts.map((draft) => repository.issue([draft]).catch((error: unknown) => error)));
    const outcomes = await Promise.all(attempts);
    // A loser of the race fails on the unique source (the group commit then asks again alone); none writes twice.
    for (const draft of drafts) {
      const [again] = await instances[0]!.issue([draft]);
      expect(again!.created).toBe(false);
    }
    const created = outcomes.flatMap((outcome) => (Array.isArray(outcome) ? outcome.filter((result) => result.created) : []));
    expect(created.length).toBeLessThanOrEqual(drafts.length);
    const rows = await t.deps.db.select().from(receipts).where(eq(receipts.userId, u.user.id));
    expect(rows.map((row) => row.sourceKey).sort()).toEqual(drafts.map((draft) => draft.sourceKey).sort());
    await expectGapless();
  });
});
