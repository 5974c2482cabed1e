import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { deliveries, ledgerEntries, notifications, payments, postingLines, postings } from '../../db/schema/index.js';
import { TRACKING_ID_PATTERN } from '../../../shared/ids.js';
import { balanceOf, book } from '../../test/delivery-test-helpers.js';
import { parseDeliveryId } from '../../../shared/ids.js';

const SECRET = 'sk_test_lanefreight_0123456789';

/**
 * A stand-in for api.paystack.co speaking the documented transaction endpoints: initialize returns an
 * authorization_url; verify reports what the test decided the payer did.
 */
interface FakeTransaction {
  reference: string;
  amount: number;
  email: string;
  callback_url: string;
  status: 'abandoned' | 'success' | 'failed';
  chargedAmount?: number;
  /** What the payer was charged in, when a test makes it something other than naira. */
  chargedCurrency?: string;
}
const transactions = new Map<string, FakeTransaction>();
let fail = false;
let server: Server;
let baseUrl: string;

function startFakePaystack(): Promise<void> {
  server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${SECRET}`) return send(401, { status: false, message: 'Invalid key' });
    if (fail) return send(500, { status: false, message: 'down' });
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/transaction/initialize') {
        const body = JSON.parse(raw) as FakeTransaction;
        if (!Number.isInteger(body.amount) || !body.email || !body.reference)
          return send(400, { status: false, message: 'Invalid' });
        transactions.set(body.reference, { ...body, status: 'abandoned' });
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.test/${body.reference}`,
            access_code: 'ac_1',
            reference: body.reference,
          },
        });
      }
      const verify = /^\/transaction\/verify\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && verify) {
        const tx = transactions.get(decodeURIComponent(verify[1]!));
        if (!tx) return send(400, { status: false, message: 'Transaction reference not found' });
        return send(200, {
          status: true,
          message: 'Verification successful',
          data: {
            id: 1,
            status: tx.status,
            reference: tx.reference,
            amount: tx.chargedAmount ?? tx.amount,
            currency: tx.chargedCurrency ?? 'NGN',
          },
        });
      }
      send(404, { status: false, message: 'Not found' });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

let t: TestApp;
beforeAll(async () => {
  await startFakePaystack();
  t = await createTestApp({
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: baseUrl,
    PUBLIC_URL: 'https://lanefreight.test',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

async function startCard(headers: Headers) {
  const d = await book(t, headers);
  const res = await post('/api/payments/initiate', headers, { deliveryId: d.id, method: 'card' });
  expect(res.statusCode).toBe(200);
  const { reference, checkoutUrl } = res.json().data as { reference: string; checkoutUrl: string };
  return { d, reference, checkoutUrl, verifyUrl: `/api/payments/verify?reference=${reference}&delivery_id=${d.id}` };
}

function webhook(body: object, signature?: string) {
  const raw = JSON.stringify(body);
  const headers: Headers = { 'content-type': 'application/json' };
  if (signature !== undefined) headers['x-paystack-signature'] = signature;
  return t.app.inject({ method: 'POST', url: '/api/payments/webhook/paystack', headers, payload: raw });
}
const sign = (body: object) => createHmac('sha512', SECRET).update(JSON.stringify(body)).digest('hex');
const chargeSuccess = (reference: string, amount: number) => ({
  event: 'charge.success',
  data: { id: 9, status: 'success', reference, amount, currency: 'NGN' },
});

describe('Paystack gateway (against a local fake of its API)', () => {
  it('initializes with the amount in kobo, the payer email and an absolute callback into the app', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, checkoutUrl } = await startCard(u.headers);
    expect(checkoutUrl).toBe(`https://checkout.paystack.test/${reference}`);
    const sent = transactions.get(reference)!;
    expect(sent.amount).toBe(d.price.total);
    expect(sent.email).toBe(u.user.email);
    expect(sent.callback_url).toBe(
      `https://lanefreight.test/dashboard/payment?reference=${reference}&delivery_id=${d.id}`,
    );
  });

  it('success: verify marks the delivery paid', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    transactions.get(reference)!.status = 'success';
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: d.id, status: 'pending', paymentMethod: 'card' });
    expect(res.json().data.trackingId).toMatch(TRACKING_ID_PATTERN);
  });

  it('not completed yet (abandoned): 409 PAYMENT_PENDING', async () => {
    const u = await createSignedInUser(t.deps);
    const { verifyUrl } = await startCard(u.headers);
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_PENDING');
  });

  it('a failed charge: 402 PAYMENT_FAILED, nothing paid', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    transactions.get(reference)!.status = 'failed';
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('PAYMENT_FAILED');
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after.status).toBe('awaiting_payment');
  });

  it('an amount mismatch: 409 PAYMENT_AMOUNT_MISMATCH, nothing paid', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    Object.assign(transactions.get(reference)!, { status: 'success', chargedAmount: 100 });
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after).toMatchObject({ status: 'awaiting_payment', trackingId: null });
    // A webhook claiming the same wrong amount changes nothing either.
    const body = chargeSuccess(reference, 100);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
    const still = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(still.status).toBe('awaiting_payment');
  });

  it('a charge in another currency pays nothing: not by verify, not by a signed webhook (USD for a naira delivery)', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    Object.assign(transactions.get(reference)!, { status: 'success', chargedCurrency: 'USD' });
    const res = await post(verifyUrl, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAYMENT_AMOUNT_MISMATCH');
    // The exact amount, in dollars, by webhook: acknowledged so Paystack stops retrying, and nothing changes.
    const usd = {
      event: 'charge.success',
      data: { id: 9, status: 'success', reference, amount: d.price.total, currency: 'USD' },
    };
    expect((await webhook(usd, sign(usd))).statusCode).toBe(200);
    const noCurrency = {
      event: 'charge.success',
      data: { id: 9, status: 'success', reference, amount: d.price.total },
    };
    expect((await webhook(noCurrency, sign(noCurrency))).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after).toMatchObject({ status: 'awaiting_payment', trackingId: null });
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('initiated');
    expect(await balanceOf(t, u.user.id)).toBe(0);
    // The real naira charge still completes it afterwards.
    const ngn = chargeSuccess(reference, d.price.total);
    expect((await webhook(ngn, sign(ngn))).statusCode).toBe(200);
    expect((await post(verifyUrl, u.headers)).json().data.status).toBe('pending');
  });

  it('a reference of a payment not made through Paystack is never settled by it', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const [row] = await t.deps.db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.number, parseDeliveryId(d.id)!));
    // A sandbox payment left over from before Paystack was configured, and Paystack (wrongly) saying it succeeded.
    const reference = `LFP-sandbox-${Date.now()}`;
    await t.deps.db.insert(payments).values({
      reference,
      userId: u.user.id,
      deliveryId: row!.id,
      gateway: 'sandbox',
      amountKobo: d.price.total,
      checkoutUrl: `/api/payments/sandbox/checkout/${reference}`,
    });
    transactions.set(reference, {
      reference,
      amount: d.price.total,
      email: 'x@example.ng',
      callback_url: '',
      status: 'success',
    });
    const body = chargeSuccess(reference, d.price.total);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
    const verify = await post(`/api/payments/verify?reference=${reference}&delivery_id=${d.id}`, u.headers);
    expect(verify.statusCode).toBe(404);
    expect(verify.json().code).toBe('PAYMENT_NOT_FOUND');
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after.status).toBe('awaiting_payment');
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('initiated');
  });

  it('a cancelled Paystack-paid delivery is refunded once, as real money, whatever is replayed after', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    transactions.get(reference)!.status = 'success';
    expect((await post(verifyUrl, u.headers)).statusCode).toBe(200);
    expect((await post(`/api/deliveries/${d.id}/cancel`, u.headers)).statusCode).toBe(200);
    const body = chargeSuccess(reference, d.price.total);
    await Promise.all([
      webhook(body, sign(body)),
      post(verifyUrl, u.headers),
      post(`/api/deliveries/${d.id}/cancel`, u.headers),
      webhook(body, sign(body)),
    ]);
    expect(await balanceOf(t, u.user.id)).toBe(d.price.total);
    const refunds = await t.deps.db
      .select({ amountKobo: ledgerEntries.amountKobo, sandboxKobo: ledgerEntries.sandboxKobo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, u.user.id));
    expect(refunds).toEqual([{ amountKobo: d.price.total, sandboxKobo: 0 }]);
  });

  it('the webhook is refused without a valid x-paystack-signature (401), and nothing is paid', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference } = await startCard(u.headers);
    const body = chargeSuccess(reference, d.price.total);
    for (const signature of [
      undefined,
      '',
      'deadbeef',
      sign({ ...body, extra: 1 }),
      createHmac('sha512', 'wrong').update(JSON.stringify(body)).digest('hex'),
    ]) {
      const res = await webhook(body, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_SIGNATURE');
    }
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after.status).toBe('awaiting_payment');
  });

  it('a signed webhook and verify calls arriving together pay once', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    transactions.get(reference)!.status = 'success';
    const body = chargeSuccess(reference, d.price.total);
    const [hook, ...verifies] = await Promise.all([
      webhook(body, sign(body)),
      post(verifyUrl, u.headers),
      post(verifyUrl, u.headers),
      post(verifyUrl, u.headers),
      webhook(body, sign(body)),
    ]);
    expect(hook!.statusCode).toBe(200);
    const verifyResults = verifies.filter((r) => r.json().data?.received === undefined);
    for (const r of verifyResults) expect(r.statusCode).toBe(200);
    const ids = new Set(verifyResults.map((r) => r.json().data.trackingId));
    expect(ids.size).toBe(1);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(notes.filter((n) => n.messageKey === 'deliveryPaid')).toHaveLength(1);
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    expect(payment!.status).toBe('succeeded');
  });

  it('a signed webhook alone completes the payment; other events and unknown references are acknowledged', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    const body = chargeSuccess(reference, d.price.total);
    expect((await webhook(body, sign(body))).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers })).json()
      .data;
    expect(after.status).toBe('pending');
    // The redirect arriving afterwards finds it paid, without asking the gateway again.
    expect((await post(verifyUrl, u.headers)).json().data.trackingId).toBe(after.trackingId);

    const other = { event: 'transfer.success', data: { reference: 'x' } };
    expect((await webhook(other, sign(other))).statusCode).toBe(200);
    const unknown = chargeSuccess('LFP-unknown', 100);
    expect((await webhook(unknown, sign(unknown))).statusCode).toBe(200);
    const broken = 'not json';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/paystack',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', SECRET).update(broken).digest('hex'),
      },
      payload: broken,
    });
    expect(res.statusCode).toBe(400);
  });

  it('the gateway being down is a 503, not a 500, and leaves the delivery payable', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    fail = true;
    try {
      const res = await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('GATEWAY_UNAVAILABLE');
    } finally {
      fail = false;
    }
    expect((await post('/api/payments/initiate', u.headers, { deliveryId: d.id, method: 'card' })).statusCode).toBe(
      200,
    );
  });

  it('the sandbox checkout does not exist when Paystack is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/checkout/LFP-abc' });
    expect(res.statusCode).toBe(404);
  });
});

describe('Paystack top-ups and the ledger', () => {
  it('a top-up returns to the wallet page; the webhook credits it once, and a later verify reports it', async () => {
    const u = await createSignedInUser(t.deps);
    const start = await post('/api/wallet/top-ups', u.headers, { amountKobo: 500_000 });
    expect(start.statusCode).toBe(201);
    const { reference, checkoutUrl } = start.json().data as { reference: string; checkoutUrl: string };
    expect(checkoutUrl).toBe(`https://checkout.paystack.test/${reference}`);
    expect(transactions.get(reference)!.callback_url).toBe(`https://lanefreight.test/dashboard/wallet?topup_reference=${reference}`);

    const event = chargeSuccess(reference, 500_000);
    for (let i = 0; i < 2; i++) expect((await webhook(event, sign(event))).statusCode).toBe(200);
    expect((await balanceOf(t, u.user.id))).toBe(500_000);

    const verified = await post(`/api/wallet/top-ups/${reference}/verify`, u.headers);
    expect(verified.json().data).toMatchObject({ status: 'succeeded', amountKobo: 500_000, balance: 500_000 });
    expect(await balanceOf(t, u.user.id)).toBe(500_000);
  });

  it('a card payment is posted from the gateway clearing to revenue, once', async () => {
    const u = await createSignedInUser(t.deps);
    const { d, reference, verifyUrl } = await startCard(u.headers);
    transactions.get(reference)!.status = 'success';
    await post(verifyUrl, u.headers);
    const event = chargeSuccess(reference, d.price.total);
    await webhook(event, sign(event));
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.reference, reference));
    const posted = await t.deps.db.select().from(postings).where(eq(postings.paymentId, payment!.id));
    expect(posted.map((p) => p.kind)).toEqual(['card_payment']);
    const lines = await t.deps.db.select().from(postingLines).where(eq(postingLines.postingId, posted[0]!.id));
    expect(lines.map((l) => [l.accountType, l.accountKey, l.amountKobo]).sort()).toEqual(
      [
        ['gateway_clearing', 'paystack', -d.price.total],
        ['revenue', '', d.price.total],
      ].sort(),
    );
  });
});
