import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { createSignedInUser } from '../test/factories.js';
import { SESSION_COOKIE } from '../lib/signed-in-user.js';
import { book } from '../test/delivery-test-helpers.js';

describe('CSRF: signed-in changes by cookie only as JSON from our own origin', () => {
  let t: TestApp;
  let cookie: string;
  let bearer: Record<string, string>;
  const ownOrigin = 'http://localhost:3000'; // PUBLIC_URL's default

  beforeAll(async () => {
    t = await createTestApp();
    const signedIn = await createSignedInUser(t.deps);
    bearer = signedIn.headers;
    cookie = `${SESSION_COOKIE}=${signedIn.token}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const statusOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/deliveries/${id}`, headers: bearer })).json().data.status as string;
  const cancel = (id: string, headers: Record<string, string>, payload = '{}') =>
    t.app.inject({ method: 'POST', url: `/api/deliveries/${id}/cancel`, headers, payload });

  it('refuses the cross-site text/plain cancel of the issue, and the delivery stays as it was', async () => {
    const delivery = await book(t, bearer);
    const before = await statusOf(delivery.id);
    const res = await cancel(delivery.id, { cookie, 'content-type': 'text/plain', origin: 'https://evil.example' }, 'x');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'CSRF_REJECTED' });
    expect(await statusOf(delivery.id)).toBe(before);
  });

  it('refuses a cookie request from another origin even as JSON, and any non-JSON body from our own', async () => {
    const delivery = await book(t, bearer);
    const json = { cookie, 'content-type': 'application/json' };
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example', 'not a url']) {
      expect((await cancel(delivery.id, { ...json, origin })).json()).toMatchObject({ code: 'CSRF_REJECTED' });
    }
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await cancel(delivery.id, { cookie, origin: ownOrigin, 'content-type': contentType }, 'a=1');
      expect(res.statusCode).toBe(403);
    }
    expect((await cancel(delivery.id, { cookie, origin: ownOrigin }, '')).statusCode).toBe(403);
    expect(await statusOf(delivery.id)).not.toBe('cancelled');
  });

  it('refuses a cookie request with neither Origin nor Sec-Fetch-Site: same-origin', async () => {
    const delivery = await book(t, bearer);
    const json = { cookie, 'content-type': 'application/json' };
    expect((await cancel(delivery.id, json)).statusCode).toBe(403);
    expect((await cancel(delivery.id, { ...json, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await cancel(delivery.id, { ...json, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    // A form post from our own page under `Referrer-Policy: no-referrer` says `Origin: null`.
    expect((await cancel(delivery.id, { ...json, origin: 'null', 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await cancel(delivery.id, { ...json, origin: 'null', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await statusOf(delivery.id)).toBe('cancelled');
  });

  it('accepts JSON with the cookie from PUBLIC_URL’s origin or the address the request was sent to', async () => {
    const json = { cookie, 'content-type': 'application/json; charset=utf-8' };
    const viaPublicUrl = await book(t, bearer);
    expect((await cancel(viaPublicUrl.id, { ...json, origin: ownOrigin })).statusCode).toBe(200);
    // The Vite dev server (5173) proxies with the browser's Host; a server reached at 127.0.0.1 sees its own.
    for (const host of ['localhost:5173', '127.0.0.1:3313']) {
      const delivery = await book(t, bearer);
      expect((await cancel(delivery.id, { ...json, host, origin: `http://${host}` })).statusCode).toBe(200);
    }
    const mismatched = await book(t, bearer);
    const res = await cancel(mismatched.id, { ...json, host: '127.0.0.1:3313', origin: 'http://127.0.0.1:4000' });
    expect(res.statusCode).toBe(403);
  });

  it('leaves bearer-token clients, signed-out calls and reads alone', async () => {
    const delivery = await book(t, bearer);
    const res = await cancel(delivery.id, { ...bearer, 'content-type': 'text/plain', origin: 'https://evil.example' }, 'x');
    expect(res.statusCode).toBe(200);
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(signedOut.statusCode).toBe(200);
    const read = await t.app.inject({ method: 'GET', url: '/api/deliveries', headers: { cookie, origin: 'https://evil.example' } });
    expect(read.statusCode).toBe(200);
  });

  it('covers routes outside /api and routes that do not exist', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/somewhere/else',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(res.json()).toMatchObject({ code: 'CSRF_REJECTED' });
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/checkout/LF-REF-1/approve',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(checkout.json()).toMatchObject({ code: 'CSRF_REJECTED' });
  });
});
