import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { createTestApp, type TestApp } from './test/test-app.js';
import { awaitRoomInWindow } from './test/rate-limit-window.js';

/**
 * Whose address the per-IP limits count behind a proxy (TRUST_PROXY, docs/decisions/045). A proxy appends the
 * address it saw to X-Forwarded-For; whatever a client writes there itself stays on the left of it.
 */

const LIMIT = 3;
const randomAddress = () => `${randomInt(1, 223)}.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** A sign-in with a fresh identifier each time, so only the per-IP limit can refuse it. */
function signIn(t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    headers,
    payload: { identifier: `nobody-${randomInt(1e9)}@example.ng`, password: 'not-the-password', rememberMe: false },
  });
}

const placesSearch = (t: TestApp, remoteAddress: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/places?q=lekki', remoteAddress, headers });

describe.each([
  ['a hop count', '1'],
  ['true, kept as one hop', 'true'],
])('TRUST_PROXY as %s', (_label, value) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: value,
      SIGNIN_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      PLACES_RATE_LIMIT_PER_MINUTE: String(LIMIT),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the client the proxy saw: a new forged address on every request still meets the sign-in limit', async () => {
    const proxy = '10.0.0.2';
    const client = '203.0.113.7';
    await awaitRoomInWindow();
    for (let i = 0; i < LIMIT; i++) {
      const res = await signIn(t, proxy, { 'x-forwarded-for': `${randomAddress()}, ${client}` });
      expect(res.statusCode, res.body).toBe(401);
    }
    const refused = await signIn(t, proxy, { 'x-forwarded-for': `${randomAddress()}, ${randomAddress()}, ${client}` });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy has its own count: the proxy's address is not what is counted.
    expect((await signIn(t, proxy, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(401);
  });

  it('the same holds for the place search limit', async () => {
    const client = '198.51.100.23';
    await awaitRoomInWindow();
    for (let i = 0; i < LIMIT; i++) {
      expect(
        (await placesSearch(t, '10.0.0.3', { 'x-forwarded-for': `${randomAddress()}, ${client}` })).statusCode,
      ).toBe(200);
    }
    expect((await placesSearch(t, '10.0.0.3', { 'x-forwarded-for': `${randomAddress()},${client}` })).statusCode).toBe(
      429,
    );
  });
});

describe('TRUST_PROXY as a list of addresses and CIDR ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1', SIGNIN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ignores X-Forwarded-For from an address not on the list: the sender is the client', async () => {
    const sender = '192.0.2.44';
    await awaitRoomInWindow();
    for (let i = 0; i < LIMIT; i++) {
      expect((await signIn(t, sender, { 'x-forwarded-for': randomAddress() })).statusCode).toBe(401);
    }
    // Even claiming to come through a trusted proxy.
    expect((await signIn(t, sender, { 'x-forwarded-for': `${randomAddress()}, 10.0.0.5` })).statusCode).toBe(429);
  });

  it('skips every trusted hop from the right, and no more', async () => {
    const client = '203.0.113.99';
    await awaitRoomInWindow();
    for (let i = 0; i < LIMIT; i++) {
      // The client's forged entry, the client as the edge proxy saw it, the edge proxy as the inner one saw it.
      const res = await signIn(t, '10.1.2.3', { 'x-forwarded-for': `${randomAddress()}, ${client}, 10.200.0.9` });
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn(t, '127.0.0.1', { 'x-forwarded-for': `${randomAddress()}, ${client}` })).statusCode).toBe(429);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy (HSTS is sent over HTTPS only)', async () => {
    const health = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers: { 'x-forwarded-proto': 'https' } });
    expect((await health('10.0.0.2')).headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await health('192.0.2.44')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('TRUST_PROXY unset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIGNIN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes the socket address whatever X-Forwarded-For says', async () => {
    await awaitRoomInWindow();
    for (let i = 0; i < LIMIT; i++) {
      expect((await signIn(t, '10.0.0.2', { 'x-forwarded-for': randomAddress() })).statusCode).toBe(401);
    }
    expect((await signIn(t, '10.0.0.2', { 'x-forwarded-for': randomAddress() })).statusCode).toBe(429);
  });
});
