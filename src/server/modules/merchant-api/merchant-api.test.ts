import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, deliveries, outboxMessages, wallets } from '../../db/schema/index.js';
import { createSignedInUser, createUser, fundWallet, uniqueSuffix } from '../../test/factories.js';
import { createTestApp, startAnotherInstance, type TestApp } from '../../test/test-app.js';
import { isRedisAvailable, TEST_REDIS_URL } from '../../test/redis.js';
import { awaitRoomInWindow } from '../../test/rate-limit-window.js';
import { fundSandbox as fundSandboxOf, merchantApiClient, type Merchant } from '../../test/merchant-api-helpers.js';
import { startWebhookReceiver, verifiesWith, type ReceivedWebhook } from '../../test/webhook-receiver.js';
import { API_KEY_PATTERN } from '../../../shared/schemas/api-keys.js';
import { v1DeliverySchema } from '../../../shared/schemas/merchant-api.js';
import { WEBHOOK_EVENT_TYPES, webhookDeliveryEventSchema } from '../../../shared/schemas/webhooks.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

/** A webhook endpoint for every event of one mode, at `url`: its id and signing secret. */
async function addWebhookEndpoint(merchant: Merchant, url: string, mode: 'test' | 'live') {
  const res = await t.app.inject({ method: 'POST', url: '/api/webhook-endpoints', headers: merchant.headers, payload: { url, events: WEBHOOK_EVENT_TYPES, mode } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; secret: string };
}

const { createKey, bearer, v1, quoteBody, quote, deliveryBody, bookVia } = merchantApiClient(() => t);
const fundSandbox = (userId: string, amountKobo: number) => fundSandboxOf(t.deps.db, userId, amountKobo);

/** A merchant with real and sandbox money and a key of each mode. */
async function merchantWithBothKeys() {
  const merchant = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
  await fundSandbox(merchant.user.id, 5_000_000);
  const { key: liveKey } = await createKey(merchant, 'live');
  const { key: testKey } = await createKey(merchant, 'test');
  return { merchant, liveKey, testKey };
}

async function funds(userId: string) {
  const [row] = await t.deps.db.select({ balanceKobo: wallets.balanceKobo, sandboxKobo: wallets.sandboxKobo }).from(wallets).where(eq(wallets.userId, userId));
  return row ?? { balanceKobo: 0, sandboxKobo: 0 };
}

describe('API keys (POST, GET, DELETE /api/api-keys)', () => {
  it('shows a key once, stores only its keyed hash, lists it without the secret', async () => {
    const merchant = await createSignedInUser(t.deps);
    const created = await createKey(merchant, 'test');
    expect(created.key).toMatch(API_KEY_PATTERN);
    expect(created.key.startsWith('lf_test_')).toBe(true);
    expect(created.last4).toBe(created.key.slice(-4));
    const live = await createKey(merchant, 'live');
    expect(live.key.startsWith('lf_live_')).toBe(true);

    const [stored] = await t.deps.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.key.slice(8));

    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: merchant.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(live.key);
    const items = list.json().data.items as Record<string, unknown>[];
    expect(items.map((item) => item.id).sort()).toEqual([created.id, live.id].sort());
    expect(Object.keys(items[0]!).sort()).toEqual(['createdAt', 'id', 'last4', 'mode', 'name']);
  });

  it('revokes only the owner\'s key (404 otherwise), and the next call with it is refused', async () => {
    const merchant = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    const created = await createKey(merchant, 'test');
    expect((await v1('GET', '/deliveries', created.key)).statusCode).toBe(200);
    // The scheme's case does not matter (RFC 9110): an integration sending "bearer" is not refused.
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/deliveries', headers: { authorization: `${scheme} ${created.key}` } });
      expect(res.statusCode, scheme).toBe(200);
    }

    const byOther = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: other.headers });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().code).toBe('API_KEY_NOT_FOUND');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/api-keys/not-a-key', headers: merchant.headers })).statusCode).toBe(404);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: merchant.headers });
    expect(revoked.statusCode).toBe(200);
    const after = await v1('GET', '/deliveries', created.key);
    expect(after.statusCode).toBe(401);
    // The same answer as a key that never existed: a revocation is not revealed beyond "invalid or revoked".
    const invalid = { error: { code: 'API_KEY_INVALID', message: 'This API key is invalid or has been revoked. Check the key, or create a new one on the Developers page.', params: {} } };
    expect(after.json()).toEqual(invalid);
    expect((await v1('GET', '/deliveries', `lf_test_${'x'.repeat(32)}`)).json()).toEqual(invalid);
    const list = await t.app.inject({ method: 'GET', url: '/api/api-keys', headers: merchant.headers });
    expect(list.json().data.items).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: merchant.headers })).statusCode).toBe(404);
  });

  it('is for shipper accounts: an operator account cannot create one; a name and a mode are required', async () => {
    const refused = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: operator.headers, payload: { name: 'ops', mode: 'live' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('API_KEY_NOT_ALLOWED');
    const merchant = await createSignedInUser(t.deps);
    const bad = await t.app.inject({ method: 'POST', url: '/api/api-keys', headers: merchant.headers, payload: { name: ' ', mode: 'staging' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().detailKeys).sort()).toEqual(['mode', 'name']);
    expect((await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'x', mode: 'test' } })).statusCode).toBe(401);
  });
});

describe('key authentication: /api/v1 only', () => {
  it('a key never reaches account, operator or driver routes, and a session never reaches /api/v1', async () => {
    const merchant = await createSignedInUser(t.deps);
    const { key } = await createKey(merchant, 'live');
    for (const url of ['/api/deliveries', '/api/user-profile', '/api/api-keys', '/api/dispatch/deliveries', '/api/driver/jobs', '/api/wallet']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(key) });
      expect(res.statusCode, url).toBe(401);
    }
    // A key beside a session cookie does not borrow the session either.
    const withCookie = await t.app.inject({ method: 'GET', url: '/api/deliveries', headers: { ...bearer(key), cookie: `lf_session=${merchant.token}` } });
    expect(withCookie.statusCode).toBe(401);
    // No key says how to send one, a session cookie alone included; a key that does not authenticate says so.
    const missing = 'This API needs an API key: send it as Authorization: Bearer lf_test_… (or lf_live_…). A signed-in session does not reach /api/v1.';
    for (const headers of [{ cookie: `lf_session=${merchant.token}` }, {}, { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/deliveries', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'API_KEY_MISSING', message: missing, params: {} } });
    }
    // A session's bearer token is not an API key either.
    for (const token of [`lf_live_${'x'.repeat(32)}`, merchant.token, 'nonsense']) {
      const res = await v1('GET', '/deliveries', token);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('API_KEY_INVALID');
    }
  });

  it('answers a path or method it does not have with 404 ROUTE_NOT_FOUND, as the rest of the API does', async () => {
    const { key } = await createKey(await createSignedInUser(t.deps), 'live');
    for (const [method, url] of [
      ['GET', '/api/v1/nonexistent'],
      ['GET', '/api/v1/quotes'],
      ['DELETE', '/api/v1/deliveries/LF010'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(key) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error).toEqual({ code: 'ROUTE_NOT_FOUND', message: `There is nothing at ${method} ${url}.`, params: { method, path: url } });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nonexistent' })).statusCode).toBe(401);
    // A path that cannot be decoded never reaches a route; it is answered in the API's own shape all the same.
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/v1/deliveries/%00%ff', headers: bearer(key) });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String), params: {} } });
    const webBadUrl = await t.app.inject({ method: 'GET', url: '/api/deliveries/%00%ff' });
    expect(webBadUrl.statusCode).toBe(400);
    expect(webBadUrl.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('allows 120 requests a minute per key, then 429 with Retry-After', async () => {
    const merchant = await createSignedInUser(t.deps);
    const { key } = await createKey(merchant, 'test');
    const { key: otherKey } = await createKey(merchant, 'test');
    await awaitRoomInWindow(30_000);
    for (let i = 0; i < 120; i++) {
      const res = await v1('GET', '/places?q=ikeja', key);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    const refused = await v1('GET', '/places?q=ikeja', key);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // Per key: another key of the same account still has its own minute.
    expect((await v1('GET', '/places?q=ikeja', otherKey)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/quotes and GET /api/v1/places', () => {
  it('prices a trip exactly as the web does, places included', async () => {
    const merchant = await createSignedInUser(t.deps);
    const { key } = await createKey(merchant, 'live');
    const body = await quoteBody();
    const viaApi = await v1('POST', '/quotes', key, body);
    const viaWeb = await t.app.inject({ method: 'POST', url: '/api/quotes', headers: merchant.headers, payload: body });
    expect(viaApi.statusCode, viaApi.body).toBe(201);
    const api = viaApi.json();
    const web = viaWeb.json().data;
    expect(api).toMatchObject({ object: 'quote', livemode: true, price: web.price, distanceMeters: web.distanceMeters, pickup: web.pickup, dropoff: web.dropoff });
    expect(api.id).not.toBe(web.id);
  });

  it('refuses an unknown field by name, at any depth', async () => {
    const { key } = await createKey(await createSignedInUser(t.deps), 'test');
    const res = await v1('POST', '/quotes', key, { ...(await quoteBody()), coupon: 'FREE' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'UNKNOWN_FIELD', message: 'The field coupon is not part of this request.', params: { field: 'coupon' } } });
    const q = await quote(key);
    const nested = await v1('POST', '/deliveries', key, deliveryBody(q.id, { receiver: { name: 'Ada', phone: '+2348031234567', email: 'a@b.ng' } }), { 'idempotency-key': 'nested' });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().error).toMatchObject({ code: 'UNKNOWN_FIELD', params: { field: 'receiver.email' } });
    const missing = await v1('POST', '/deliveries', key, { receiver: { name: 'Ada', phone: '+2348031234567' } }, { 'idempotency-key': 'missing' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'quoteId' } });
  });

  it('says what is wrong with every field of a body, in English, with the values a choice allows', async () => {
    const { key } = await createKey(await createSignedInUser(t.deps), 'test');
    const { packageType: _type, transportMode: _mode, ...body } = await quoteBody();
    const res = await v1('POST', '/quotes', key, { ...body, packageWeight: 5, pickup: { placeId: 'lagos.ikeja.ikeja-city-mall' } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as { error: { code: string; message: string; params: Record<string, string>; details: { field: string; message: string }[] } };
    expect(error.code).toBe('VALIDATION_FAILED');
    const byField = Object.fromEntries(error.details.map((d) => [d.field, d.message]));
    expect(Object.keys(byField).sort()).toEqual(['packageType', 'packageWeight', 'pickup.line', 'transportMode']);
    expect(byField['pickup.line']).toBe('Street and house number are required');
    // Sent but not one of the values is "not allowed"; left out is "required"; both name the values allowed.
    expect(byField.packageWeight).toMatch(/^This value is not allowed \(one of: light, /);
    expect(byField.transportMode).toBe('Mode of transportation is required (one of: bike, car, van, truck)');
    // The message names the first field and its problem; no catalogue key leaks into it.
    expect(error.message).toBe(`${error.params.field}: ${byField[error.params.field!]}`);
    expect(JSON.stringify(error)).not.toMatch(/validation\./);
  });

  it('says a choice or a date that was sent is not valid, rather than required (okada, 29/11/2026)', async () => {
    const { key } = await createKey(await createSignedInUser(t.deps), 'test');
    const body = await quoteBody();
    const mode = await v1('POST', '/quotes', key, { ...body, transportMode: 'okada' });
    expect(mode.statusCode).toBe(400);
    expect(mode.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'transportMode: This value is not allowed (one of: bike, car, van, truck)',
      params: { field: 'transportMode', reason: 'This value is not allowed (one of: bike, car, van, truck)' },
    });
    for (const deliveryDate of ['29/11/2026', '2026-13-45', 'tomorrow']) {
      const date = await v1('POST', '/quotes', key, { ...body, deliveryDate });
      expect(date.statusCode, deliveryDate).toBe(400);
      expect(date.json().error.message).toBe('deliveryDate: Not a valid date: use YYYY-MM-DD');
    }
    const { deliveryDate: _date, ...withoutDate } = body;
    expect((await v1('POST', '/quotes', key, withoutDate)).json().error.message).toBe('deliveryDate: Delivery date is required');
    const nested = await v1('POST', '/quotes', key, { ...body, pickup: { ...body.pickup, placeId: 7 } });
    expect(nested.json().error.params.field).toBe('pickup.placeId');
  });

  it('refuses an unknown field inside a quote\'s pickup or dropoff as it does at the top', async () => {
    const { key } = await createKey(await createSignedInUser(t.deps), 'test');
    const body = await quoteBody();
    for (const [side, extra] of [['pickup', { floor: 3 }], ['dropoff', { gate: 'B' }]] as const) {
      const res = await v1('POST', '/quotes', key, { ...body, [side]: { ...body[side], ...extra } });
      const field = `${side}.${Object.keys(extra)[0]}`;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'UNKNOWN_FIELD', message: `The field ${field} is not part of this request.`, params: { field } } });
    }
    for (const pickup of [null, 'Ikeja', []]) {
      const res = await v1('POST', '/quotes', key, { ...body, pickup });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'pickup' } });
    }
  });

  it('documents every object of every /api/v1 request body as closed (additionalProperties: false)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
      components?: { schemas?: Record<string, unknown> };
    };
    const open: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${at}[${i}]`));
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (typeof schema.$ref === 'string') return visit(doc.components?.schemas?.[schema.$ref.split('/').at(-1)!], `${at}→${schema.$ref}`);
      if (schema.type === 'object' && schema.additionalProperties !== false) open.push(at);
      for (const [key, value] of Object.entries(schema)) if (key !== 'examples') visit(value, `${at}.${key}`);
    };
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths).filter(([path]) => path.startsWith('/api/v1/'))) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          bodies += 1;
          visit(content.schema, `${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(3);
    expect(open).toEqual([]);
  });
});

describe('POST /api/v1/deliveries', () => {
  it('books and pays from the wallet: a plain live delivery with its reference', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    const d = await bookVia(key, { externalReference: 'order-1' });
    expect(d).toMatchObject({ object: 'delivery', status: 'pending', livemode: true, externalReference: 'order-1', receiverName: 'Ada Obi', receiverLanguage: 'ig', description: 'Call on arrival' });
    expect(Number.isInteger(d.price.total)).toBe(true);
    expect((await funds(merchant.user.id)).balanceKobo).toBe(5_000_000 - d.price.total);
    expect((await v1('GET', `/deliveries/${d.id}`, key)).json()).toEqual(d);
  });

  it('requires an Idempotency-Key: missing is 400, the same key with another body is 409, with the same body the first answer', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    const q = await quote(key);
    const missing = await v1('POST', '/deliveries', key, deliveryBody(q.id));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');

    const first = await v1('POST', '/deliveries', key, deliveryBody(q.id), { 'idempotency-key': 'order-77' });
    expect(first.statusCode, first.body).toBe(201);
    const again = await v1('POST', '/deliveries', key, deliveryBody(q.id), { 'idempotency-key': 'order-77' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const other = await v1('POST', '/deliveries', key, deliveryBody(q.id, { notes: 'Another' }), { 'idempotency-key': 'order-77' });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await funds(merchant.user.id)).balanceKobo).toBe(5_000_000 - first.json().price.total);
  });

  it('answers 402 with the shortfall when the wallet cannot pay and leaves nothing behind: after a top-up the same request, same key, books', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 1_000);
    const { key } = await createKey(merchant, 'live');
    const receiver = await startWebhookReceiver();
    try {
      await addWebhookEndpoint(merchant, receiver.url, 'live');
      const q = await quote(key);
      const res = await v1('POST', '/deliveries', key, deliveryBody(q.id, { externalReference: 'short-1' }), { 'idempotency-key': 'short' });
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', params: { shortfallKobo: q.price.total - 1_000, amountKobo: q.price.total } });
      expect((await v1('GET', '/deliveries?externalReference=short-1', key)).json().items).toEqual([]);
      expect((await v1('GET', '/deliveries', key)).json().items).toEqual([]);
      expect((await funds(merchant.user.id)).balanceKobo).toBe(1_000);
      await t.jobs.webhooks.relayOnce();
      await t.jobs.webhooks.deliverDue();
      expect(receiver.received).toEqual([]);

      await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
      // The refusal changed nothing, so it did not pin the key: the very same request now books (decision 091).
      const retried = await v1('POST', '/deliveries', key, deliveryBody(q.id, { externalReference: 'short-1' }), { 'idempotency-key': 'short' });
      expect(retried.statusCode, retried.body).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      const replayed = await v1('POST', '/deliveries', key, deliveryBody(q.id, { externalReference: 'short-1' }), { 'idempotency-key': 'short' });
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.json().id).toBe(retried.json().id);
      expect(retried.json()).toMatchObject({ externalReference: 'short-1', status: 'pending' });
      const received = await receiver.waitFor(2);
      expect(received.map((r) => [r.json.sequence, r.json.type, r.json.data.id])).toEqual([
        [1, 'delivery.created', retried.json().id],
        [2, 'delivery.paid', retried.json().id],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('a refused booking leaves its key free for a fresh quote too, and a test key topped up books under the same key', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundSandbox(merchant.user.id, 1_000);
    const { key } = await createKey(merchant, 'test');
    const body = deliveryBody((await quote(key)).id, { externalReference: 'big-1' });
    const refused = await v1('POST', '/deliveries', key, body, { 'idempotency-key': 'big-1' });
    expect(refused.statusCode).toBe(402);
    await fundSandbox(merchant.user.id, 5_000_000);
    const fresh = deliveryBody((await quote(key)).id, { externalReference: 'big-1' });
    const booked = await v1('POST', '/deliveries', key, fresh, { 'idempotency-key': 'big-1' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json()).toMatchObject({ externalReference: 'big-1', livemode: false });
    // Once it booked, the key is the booking's: the first body is now another request.
    const first = await v1('POST', '/deliveries', key, body, { 'idempotency-key': 'big-1' });
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('concurrent identical bookings under one key make one delivery and pay once', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    const body = deliveryBody((await quote(key)).id, { externalReference: 'race-1' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => v1('POST', '/deliveries', key, body, { 'idempotency-key': 'race-1' })));
    const created = answers.filter((a) => a.statusCode === 201 && a.headers['idempotent-replayed'] === undefined);
    expect(created).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode === 201) expect(answer.json().id).toBe(created[0]!.json().id);
      else expect(answer.json().error.code, answer.body).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    expect((await v1('GET', '/deliveries', key)).json().items).toHaveLength(1);
    expect((await funds(merchant.user.id)).balanceKobo).toBe(5_000_000 - created[0]!.json().price.total);
  });

  it('refuses a receiver phone without 10 to 15 digits (400, receiver.phone); a Nigerian or E.164 number books', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    const q = await quote(key);
    for (const phone of ['-------', '( ) ( ) ( )', '1234567']) {
      const res = await v1('POST', '/deliveries', key, deliveryBody(q.id, { receiver: { name: 'Ada Obi', phone } }), { 'idempotency-key': `phone-${uniqueSuffix()}` });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'receiver.phone' } });
    }
    for (const phone of ['0803 123 4567', '+44 7911 123456']) {
      expect((await bookVia(key, { receiver: { name: 'Ada Obi', phone } })).id, phone).toBeTruthy();
    }
  });

  it('keeps a reference unique per merchant and mode (409), and another merchant may use it', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    await bookVia(key, { externalReference: 'dup-1' });
    const q = await quote(key);
    const res = await v1('POST', '/deliveries', key, deliveryBody(q.id, { externalReference: 'dup-1' }), { 'idempotency-key': 'dup' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EXTERNAL_REFERENCE_TAKEN', params: { externalReference: 'dup-1' } });
    const other = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, other.user.id, 5_000_000);
    expect((await bookVia((await createKey(other, 'live')).key, { externalReference: 'dup-1' })).externalReference).toBe('dup-1');
  });

  it('books pay on delivery with a live key (fee and reserve paid now, 402 measured on both); a test key is refused', async () => {
    const merchant = await createSignedInUser(t.deps);
    const { key } = await createKey(merchant, 'live');
    const q = await quote(key);
    const cod = { collectOnDelivery: { amountKobo: 2_000_000 } };
    const short = await v1('POST', '/deliveries', key, deliveryBody(q.id, cod), { 'idempotency-key': 'cod-short' });
    expect(short.statusCode).toBe(402);
    const { amountKobo, shortfallKobo } = short.json().error.params;
    expect(amountKobo).toBeGreaterThan(q.price.total);
    expect(shortfallKobo).toBe(amountKobo);

    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const d = await bookVia(key, cod);
    expect(d).toMatchObject({ status: 'pending', cod: { amountKobo: 2_000_000, paidAt: null } });
    const reserve = (d as unknown as { cod: { reserveKobo: number } }).cod.reserveKobo;
    expect(reserve).toBeGreaterThan(0);
    expect((await funds(merchant.user.id)).balanceKobo).toBe(5_000_000 - d.price.total - reserve);
    const bad = await v1('POST', '/deliveries', key, deliveryBody((await quote(key)).id, { collectOnDelivery: { amountKobo: 1 } }), { 'idempotency-key': 'cod-bad' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('COD_AMOUNT_INVALID');

    await fundSandbox(merchant.user.id, 5_000_000);
    const { key: testKey } = await createKey(merchant, 'test');
    const refused = await v1('POST', '/deliveries', testKey, deliveryBody((await quote(testKey)).id, cod), { 'idempotency-key': 'cod-test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('LIVE_MODE_ONLY');
    // Said at the first call: a test key's quote with pay on delivery is refused the same way, not priced without it.
    const quoted = await v1('POST', '/quotes', testKey, { ...(await quoteBody()), ...cod });
    expect(quoted.statusCode, quoted.body).toBe(403);
    expect(quoted.json().error).toEqual({ code: 'LIVE_MODE_ONLY', message: 'Pay on delivery works only with a live key (lf_live_…) for now.', params: {} });
    const liveQuote = await v1('POST', '/quotes', key, { ...(await quoteBody()), ...cod });
    expect(liveQuote.statusCode).toBe(201);
    expect(liveQuote.json().cod).toMatchObject({ amountKobo: 2_000_000 });
  });

  it('cancels before pickup and gives the money back to the wallet', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    const d = await bookVia(key);
    const res = await v1('POST', `/deliveries/${d.id}/cancel`, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('cancelled');
    expect((await funds(merchant.user.id)).balanceKobo).toBe(5_000_000);
  });
});

describe('GET /api/v1/deliveries: keyset pages', () => {
  it('lists newest first by pages, by reference and by status, one mode only', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 20_000_000);
    await fundSandbox(merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'live');
    const { key: testKey } = await createKey(merchant, 'test');
    const booked = [];
    for (const ref of ['a-1', 'a-2', 'a-3']) booked.push(await bookVia(key, { externalReference: ref }));
    await bookVia(testKey, { externalReference: 'a-1' });
    await v1('POST', `/deliveries/${booked[0]!.id}/cancel`, key);

    const first = (await v1('GET', '/deliveries?limit=2', key)).json();
    expect(first.items.map((d: { id: string }) => d.id)).toEqual([booked[2]!.id, booked[1]!.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await v1('GET', `/deliveries?limit=2&cursor=${first.nextCursor}`, key)).json();
    expect(second.items.map((d: { id: string }) => d.id)).toEqual([booked[0]!.id]);
    expect(second.nextCursor).toBeNull();

    const byRef = (await v1('GET', '/deliveries?externalReference=a-2', key)).json();
    expect(byRef.items.map((d: { id: string }) => d.id)).toEqual([booked[1]!.id]);
    const cancelled = (await v1('GET', '/deliveries?status=cancelled', key)).json();
    expect(cancelled.items.map((d: { id: string }) => d.id)).toEqual([booked[0]!.id]);
    const testList = (await v1('GET', '/deliveries', testKey)).json();
    expect(testList.items).toHaveLength(1);
    expect(testList.items[0]).toMatchObject({ livemode: false, externalReference: 'a-1' });
    expect((await v1('GET', '/deliveries?cursor=!!', key)).json().error.code).toBe('INVALID_CURSOR');
  });
});

describe('test mode', () => {
  it('pays test deliveries with sandbox money only, marked as such; live money is never touched', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'test');
    const q = await quote(key);
    expect(q.livemode).toBe(false);
    const refused = await v1('POST', '/deliveries', key, deliveryBody(q.id), { 'idempotency-key': 'no-sandbox' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.params.shortfallKobo).toBe(q.price.total);
    expect(await funds(merchant.user.id)).toEqual({ balanceKobo: 5_000_000, sandboxKobo: 0 });

    await fundSandbox(merchant.user.id, 1_000_000);
    const d = await bookVia(key);
    expect(d).toMatchObject({ livemode: false, status: 'pending' });
    expect(await funds(merchant.user.id)).toEqual({ balanceKobo: 6_000_000 - d.price.total, sandboxKobo: 1_000_000 - d.price.total });
    const [row] = await t.deps.db.select().from(deliveries).where(eq(deliveries.number, Number(d.id.slice(2))));
    expect(row).toMatchObject({ livemode: false, paidSandboxKobo: d.price.total });
  });

  it('a test delivery is on no board tab and cannot be given to a driver; a live one is', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
    await fundSandbox(merchant.user.id, 5_000_000);
    const testDelivery = await bookVia((await createKey(merchant, 'test')).key);
    const liveDelivery = await bookVia((await createKey(merchant, 'live')).key);
    const board = async (status: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await t.app.inject({ method: 'GET', url: `/api/dispatch/deliveries?status=${status}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, headers: operator.headers });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json().data as { items: { id: string }[]; nextCursor: string | null };
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    for (const status of ['unassigned', 'all']) {
      const ids = await board(status);
      expect(ids, status).toContain(liveDelivery.id);
      expect(ids, status).not.toContain(testDelivery.id);
    }
    const driver = await createUser(t.deps.db, { roles: ['customer', 'driver'] });
    const assign = await t.app.inject({
      method: 'POST',
      url: `/api/dispatch/deliveries/${testDelivery.id}/assign-driver`,
      headers: operator.headers,
      payload: { driverId: driver.id },
    });
    expect(assign.statusCode).toBe(404);
  });

  it('moves a test delivery along the real lifecycle: failed attempts, a re-attempt, a return; or delivered, with its proof', async () => {
    const merchant = await createSignedInUser(t.deps);
    await fundSandbox(merchant.user.id, 5_000_000);
    const { key } = await createKey(merchant, 'test');
    const advance = (id: string, to: string) => v1('POST', `/test/deliveries/${id}/advance`, key, { to });

    // The receiver is a real person who ordered nothing: no move of a test delivery texts them, a re-attempt included.
    const receiverPhone = `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const returned = await bookVia(key, { receiver: { name: 'Ada Obi', phone: receiverPhone, language: 'en-US' } });
    for (const to of ['picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'out_for_delivery', 'failed_attempt', 'returning', 'returned']) {
      const res = await advance(returned.id, to);
      expect(res.statusCode, `${to}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ status: to, livemode: false });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, receiverPhone))).toEqual([]);
    const skip = await bookVia(key);
    const refused = await advance(skip.id, 'delivered');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('INVALID_STATUS_TRANSITION');

    const delivered = await bookVia(key);
    expect((await v1('GET', `/deliveries/${delivered.id}/proof`, key)).json()).toMatchObject({ handedOverAt: null, photoUrl: null });
    for (const to of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered']) expect((await advance(delivered.id, to)).statusCode).toBe(200);
    const proof = (await v1('GET', `/deliveries/${delivered.id}/proof`, key)).json();
    expect(proof).toMatchObject({ object: 'proof', deliveryId: delivered.id, livemode: false, photoUrl: null });
    expect(Date.parse(proof.handedOverAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await v1('GET', `/deliveries/${delivered.id}/proof/photo`, key)).statusCode).toBe(404);
  });

  it('a live key gets 403 on the test route; a key of one mode cannot see or touch the other mode\'s deliveries (404)', async () => {
    const { liveKey, testKey } = await merchantWithBothKeys();
    const live = await bookVia(liveKey);
    const test = await bookVia(testKey);
    const forbidden = await v1('POST', `/test/deliveries/${live.id}/advance`, liveKey, { to: 'picked_up' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('TEST_MODE_ONLY');
    expect((await v1('POST', `/test/deliveries/${live.id}/advance`, testKey, { to: 'picked_up' })).statusCode).toBe(404);
    expect((await v1('GET', `/deliveries/${test.id}`, liveKey)).statusCode).toBe(404);
    expect((await v1('GET', `/deliveries/${live.id}`, testKey)).statusCode).toBe(404);
    expect((await v1('POST', `/deliveries/${test.id}/cancel`, liveKey)).statusCode).toBe(404);
    expect((await v1('GET', `/deliveries/${live.id}/proof`, testKey)).statusCode).toBe(404);
    // And another merchant's delivery is not found either.
    const { key: strangerKey } = await createKey(await createSignedInUser(t.deps), 'live');
    expect((await v1('GET', `/deliveries/${live.id}`, strangerKey)).statusCode).toBe(404);
  });
});

describe('a quote keeps its mode (decision 076)', () => {
  it('a quote books only in the mode it was made in (409 QUOTE_MODE_MISMATCH, the quote still free); the web books live quotes only', async () => {
    const { merchant, liveKey, testKey } = await merchantWithBothKeys();
    for (const [quoteKey, bookKey, quoteMode, keyMode] of [
      [testKey, liveKey, 'test', 'live'],
      [liveKey, testKey, 'live', 'test'],
    ] as const) {
      const q = await quote(quoteKey);
      const refused = await v1('POST', '/deliveries', bookKey, deliveryBody(q.id), { 'idempotency-key': `mode-${uniqueSuffix()}` });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        error: {
          code: 'QUOTE_MODE_MISMATCH',
          message: 'This price quote was made in the other mode: a test key\'s quote (lf_test_…) books only with a test key, and a live key\'s quote (lf_live_…) only with a live key.',
          params: { quoteMode, keyMode },
        },
      });
      const booked = await v1('POST', '/deliveries', quoteKey, deliveryBody(q.id), { 'idempotency-key': `mode-${uniqueSuffix()}` });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().livemode).toBe(quoteMode === 'live');
    }
    expect((await v1('GET', '/deliveries', liveKey)).json().items).toHaveLength(1);
    expect((await v1('GET', '/deliveries', testKey)).json().items).toHaveLength(1);

    const testQuote = await quote(testKey);
    const web = await t.app.inject({
      method: 'POST',
      url: '/api/book-delivery',
      headers: merchant.headers,
      payload: { quoteId: testQuote.id, receiverName: 'Ada Obi', receiverPhone: '+2348031234567' },
    });
    expect(web.statusCode, web.body).toBe(409);
    expect(web.json().code).toBe('QUOTE_MODE_MISMATCH');
  });
});

describe('webhook events: their data is the v1 delivery', () => {
  /**
   * The shared schemas, with no key they do not name (the event's and the delivery's top level; GET's own answer,
   * compared below, settles the rest).
   */
  const exactV1Delivery = z.strictObject(v1DeliverySchema.shape);
  const exactEvent = z.strictObject({ ...webhookDeliveryEventSchema.shape, data: exactV1Delivery });

  it('is what GET /api/v1/deliveries/{id} answers at that moment, and passes the shared schema', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const merchant = await createSignedInUser(t.deps);
      await fundSandbox(merchant.user.id, 5_000_000);
      const { key } = await createKey(merchant, 'test');
      const { secret } = await addWebhookEndpoint(merchant, receiver.url, 'test');
      const reference = `hook-${uniqueSuffix()}`;
      const booked = await bookVia(key, { externalReference: reference });

      /** Waits for the delivery's `sequence`-th event, then reads the delivery through the API as it is now. */
      async function eventAndNow(sequence: number, type: string) {
        // Events are sent side by side: the second may arrive before the first.
        let event: ReceivedWebhook | undefined;
        for (let count = 1; !event; count += 1) event = (await receiver.waitFor(count)).find((r) => r.json.sequence === sequence);
        expect(verifiesWith(event!.headers['lanefreight-signature'], secret, event!.body)).toBe(true);
        expect(exactEvent.safeParse(event!.json).error, type).toBeUndefined();
        expect(event!.json).toMatchObject({ type, livemode: false, sequence });
        const now = await v1('GET', `/deliveries/${booked.id}`, key);
        expect(now.statusCode).toBe(200);
        return { data: event!.json.data, now: now.json() as Record<string, unknown> };
      }

      // Booked, then paid from the wallet: the created event may show the delivery already paid (it is read when
      // relayed); the paid one is the delivery as it stands.
      await eventAndNow(1, 'delivery.created');
      const paid = await eventAndNow(2, 'delivery.paid');
      expect(paid.data).toStrictEqual(paid.now);
      expect(paid.data).toMatchObject({
        object: 'delivery',
        id: booked.id,
        livemode: false,
        externalReference: reference,
        price: { total: booked.price.total },
      });
      expect(Number.isInteger((paid.data as { price: { total: number } }).price.total)).toBe(true);
      for (const field of ['createdAt', 'updatedAt', 'paidAt', 'priceLockedUntil']) {
        const value = (paid.data as Record<string, string>)[field]!;
        expect(new Date(value).toISOString(), field).toBe(value);
      }

      const moves = [
        ['picked_up', 'delivery.picked_up'],
        ['in_transit', 'delivery.in_transit'],
        ['out_for_delivery', 'delivery.out_for_delivery'],
        ['delivered', 'delivery.delivered'],
      ] as const;
      for (const [index, [to, type]] of moves.entries()) {
        const moved = await v1('POST', `/test/deliveries/${booked.id}/advance`, key, { to });
        expect(moved.statusCode, moved.body).toBe(200);
        const { data, now } = await eventAndNow(3 + index, type);
        expect(data, type).toStrictEqual(now);
        expect(data, type).toStrictEqual(moved.json());
        expect(data, type).toMatchObject({ status: to });
      }
    } finally {
      await receiver.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes /api/v1 with the shared schemas and their examples', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of ['/api/v1/quotes', '/api/v1/deliveries', '/api/v1/deliveries/{id}', '/api/v1/deliveries/{id}/cancel', '/api/v1/deliveries/{id}/proof', '/api/v1/places', '/api/v1/test/deliveries/{id}/advance']) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const create = doc.paths['/api/v1/deliveries'].post;
    expect(JSON.stringify(create.requestBody)).toContain('order-10293');
    expect(create.responses['402']).toBeDefined();
    expect(create.parameters.some((p: { name: string; in: string }) => p.name === 'idempotency-key' && p.in === 'header')).toBe(true);
  });
});

const redisAvailable = await isRedisAvailable();
describe.skipIf(!redisAvailable)('revocation across instances (REDIS_URL)', () => {
  it('a key revoked through one instance is refused by another within 2 seconds', async () => {
    const one = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    const two = await startAnotherInstance(t, { REDIS_URL: TEST_REDIS_URL });
    try {
      const merchant = await createSignedInUser(t.deps);
      const created = await createKey(merchant, 'test', one);
      const onTwo = () => v1('GET', '/deliveries', created.key, undefined, {}, two);
      expect((await onTwo()).statusCode).toBe(200); // instance two now holds the key in memory
      const revokedAt = Date.now();
      expect((await one.app.inject({ method: 'DELETE', url: `/api/api-keys/${created.id}`, headers: merchant.headers })).statusCode).toBe(200);
      await expect.poll(async () => (await onTwo()).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
      expect(Date.now() - revokedAt).toBeLessThan(2_000);
    } finally {
      await two.app.close();
      await one.app.close();
    }
  });
});
