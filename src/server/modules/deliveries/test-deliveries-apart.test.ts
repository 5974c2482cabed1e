import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { book } from '../../test/delivery-test-helpers.js';
import { fundSandbox, merchantApiClient } from '../../test/merchant-api-helpers.js';
import { DELIVERY_MODE_MESSAGE_KEY } from '../../../shared/schemas/deliveries.js';
import { VALIDATION_MESSAGES } from '../../lib/messages.js';

/**
 * My Deliveries keeps test deliveries apart (decision 079): live ones unless `mode=test`, then only the test ones,
 * with their search, export and pages; the dashboard's recent list is live only; every view says which a delivery is.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const ids = (body: string) => (JSON.parse(body).data.items as { id: string }[]).map((item) => item.id);
const { createKey, bookVia } = merchantApiClient(() => t);

/** A merchant with two live deliveries (one from the web, one through a live key) and three test ones, oldest first. */
async function merchantWithBothModes() {
  const merchant = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, merchant.user.id, 5_000_000);
  await fundSandbox(t.deps.db, merchant.user.id, 5_000_000);
  const { key: liveKey } = await createKey(merchant, 'live');
  const { key: testKey } = await createKey(merchant, 'test');
  const web = await book(t, merchant.headers, { receiverName: 'Ada Live' });
  const tests = [];
  for (let i = 0; i < 3; i++) tests.push((await bookVia(testKey)).id);
  const api = (await bookVia(liveKey)).id;
  return { merchant, live: [api, web.id], test: tests.reverse() };
}

describe('My Deliveries in one mode at a time', () => {
  it('lists live deliveries by default and test ones only with mode=test, each saying which it is', async () => {
    const { merchant, live, test } = await merchantWithBothModes();

    const byDefault = await get('/api/deliveries', merchant.headers);
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(ids(byDefault.body)).toEqual(live);
    expect(byDefault.json().data.items.every((item: { livemode: boolean }) => item.livemode)).toBe(true);
    expect(ids((await get('/api/deliveries?mode=live', merchant.headers)).body)).toEqual(live);

    const tests = await get('/api/deliveries?mode=test', merchant.headers);
    expect(tests.statusCode, tests.body).toBe(200);
    expect(ids(tests.body)).toEqual(test);
    expect(tests.json().data.items.every((item: { livemode: boolean }) => !item.livemode)).toBe(true);

    // The status groups and the pay-on-delivery filter keep to the mode too (a test delivery is paid, so pending).
    expect(ids((await get('/api/deliveries?mode=test&status=pending', merchant.headers)).body)).toEqual(test);
    expect(ids((await get('/api/deliveries?status=pending', merchant.headers)).body)).toEqual(live);
    expect(ids((await get('/api/deliveries?mode=test&kind=pay_on_delivery', merchant.headers)).body)).toEqual([]);

    // The delivery itself, and its tracking, say it is a test.
    const one = (await get(`/api/deliveries/${test[0]}`, merchant.headers)).json().data;
    expect(one.livemode).toBe(false);
    expect((await get(`/api/deliveries/${live[1]}`, merchant.headers)).json().data.livemode).toBe(true);
    const tracked = await get(`/api/tracking/${encodeURIComponent(one.trackingId)}`, merchant.headers);
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json().data.livemode).toBe(false);
  });

  it('pages test deliveries by cursor, never crossing into live ones', async () => {
    const { merchant, test } = await merchantWithBothModes();
    const first = (await get('/api/deliveries?mode=test&limit=2', merchant.headers)).json().data;
    expect(first.items.map((item: { id: string }) => item.id)).toEqual(test.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await get(`/api/deliveries?mode=test&limit=2&cursor=${first.nextCursor}`, merchant.headers)).json().data;
    expect(second).toEqual({ items: [expect.objectContaining({ id: test[2], livemode: false })], nextCursor: null });
    expect(first).not.toHaveProperty('total');
  });

  it('refuses a mode it does not know with 400 and the message key', async () => {
    const user = await createSignedInUser(t.deps);
    for (const url of ['/api/deliveries?mode=sandbox', '/api/deliveries?mode=', '/api/deliveries/search?q=Ada&mode=TEST', '/api/deliveries/export.csv?mode=all']) {
      const res = await get(url, user.headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.code, url).toBe('VALIDATION_FAILED');
      expect(body.detailKeys, url).toEqual({ mode: [DELIVERY_MODE_MESSAGE_KEY] });
      expect(body.details.mode, url).toEqual([VALIDATION_MESSAGES[DELIVERY_MODE_MESSAGE_KEY]]);
    }
  });

  it('searches and exports in the list\'s mode', async () => {
    const { merchant, live, test } = await merchantWithBothModes();
    // Every API booking's receiver is Ada Obi; the web's is Ada Live.
    expect(ids((await get('/api/deliveries/search?q=Ada', merchant.headers)).body)).toEqual(live);
    expect(ids((await get('/api/deliveries/search?q=Ada&mode=test', merchant.headers)).body)).toEqual(test);
    // An exact number is found in its own mode only.
    expect(ids((await get(`/api/deliveries/search?q=${test[0]}`, merchant.headers)).body)).toEqual([]);
    expect(ids((await get(`/api/deliveries/search?q=${test[0]}&mode=test`, merchant.headers)).body)).toEqual([test[0]]);

    const rowsOf = (body: string) =>
      body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').slice(1).map((line) => line.split(',')[0]!.replaceAll('"', ''));
    const liveCsv = await get('/api/deliveries/export.csv', merchant.headers);
    expect(liveCsv.statusCode).toBe(200);
    expect(rowsOf(liveCsv.body)).toEqual(live);
    const testCsv = await get('/api/deliveries/export.csv?mode=test', merchant.headers);
    expect(rowsOf(testCsv.body)).toEqual(test);
    expect(testCsv.headers['content-disposition']).toMatch(/filename="lanefreight-test-deliveries-/);
  });

  it('shows only live deliveries among the dashboard\'s recent ones', async () => {
    const { merchant, live } = await merchantWithBothModes();
    const summary = (await get('/api/dashboard/summary', merchant.headers)).json().data;
    expect(summary.recentDeliveries.map((item: { id: string }) => item.id)).toEqual(live);
  });
});

describe('GET /api/deliveries/test-mode', () => {
  it('offers test mode to an account with an API key or a test delivery, and to no one else', async () => {
    const customer = await createSignedInUser(t.deps);
    await book(t, customer.headers);
    const availability = async (headers: Headers) => (await get('/api/deliveries/test-mode', headers)).json().data;
    expect(await availability(customer.headers)).toEqual({ available: false });

    const developer = await createSignedInUser(t.deps);
    const key = await createKey(developer, 'live');
    expect(await availability(developer.headers)).toEqual({ available: true });

    // A key revoked after booking a test delivery: its deliveries still need a way to be seen.
    const merchant = await createSignedInUser(t.deps);
    await fundSandbox(t.deps.db, merchant.user.id, 1_000_000);
    const testKey = await createKey(merchant, 'test');
    await bookVia(testKey.key);
    for (const { id, headers } of [
      { id: testKey.id, headers: merchant.headers },
      { id: key.id, headers: developer.headers },
    ]) {
      expect((await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${id}`, headers })).statusCode).toBe(200);
    }
    expect(await availability(merchant.headers)).toEqual({ available: true });
    expect(await availability(developer.headers)).toEqual({ available: false });
  });
});
