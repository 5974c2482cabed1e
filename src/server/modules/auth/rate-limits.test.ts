import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectSameRefusal, registerVerified, uniqueEmail } from '../../test/auth-test-helpers.js';
import { awaitRoomInWindow } from '../../test/rate-limit-window.js';


/** The app with its default limits: 10 sign-ins a minute per IP and per identifier, 10 code checks per identifier. */
describe('rate limits on sign-in and code checks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (identifier: string, remoteAddress: string, password = 'Wrong-Password-1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { identifier, password }, remoteAddress });

  /** 429 with Retry-After, and the same wait in the message and its params (not "a minute"). */
  function expectLimited(res: Awaited<ReturnType<typeof login>>) {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      code: 'RATE_LIMITED',
      params: { seconds: retryAfter },
      message: `Too many attempts. Please wait ${retryAfter} seconds and try again.`,
    });
  }

  it('allows 10 sign-ins a minute per IP, then 429 with Retry-After', async () => {
    await awaitRoomInWindow();
    for (let i = 0; i < 10; i++) expect((await login(uniqueEmail(), '10.0.0.1')).statusCode).toBe(401);
    expectLimited(await login(uniqueEmail(), '10.0.0.1'));
    // Another client is unaffected.
    expect((await login(uniqueEmail(), '10.0.0.2')).statusCode).toBe(401);
  });

  it('allows 10 sign-ins a minute per identifier across IPs, even with the right password after', async () => {
    const email = await registerVerified(t);
    await awaitRoomInWindow();
    for (let i = 0; i < 10; i++) expect((await login(email.toUpperCase(), `10.1.0.${i}`)).statusCode).toBe(401);
    expectLimited(await login(email, '10.1.0.200', DEFAULT_TEST_PASSWORD));
  });

  it('allows 10 code checks a minute per identifier, for verification and reset codes alike', async () => {
    const email = uniqueEmail();
    await awaitRoomInWindow();
    const check = (url: string, i: number) =>
      t.app.inject({ method: 'POST', url, payload: { identifier: email, otp: '000000' }, remoteAddress: `10.2.0.${i}` });
    for (let i = 0; i < 5; i++) expect((await check('/api/verify-otp', i)).statusCode).toBe(400);
    for (let i = 5; i < 10; i++) expect((await check('/api/verify-reset-otp', i)).statusCode).toBe(400);
    const limited = await check('/api/verify-otp', 11);
    expectLimited(limited);
  });

  it('limits code requests per IP, identically for existing and unknown accounts', async () => {
    const limited = await createTestApp({ CODE_SEND_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      await awaitRoomInWindow();
      const existing = await registerVerified(limited); // one send from this IP
      const forgot = (identifier: string) =>
        limited.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { identifier } });
      expect((await forgot(uniqueEmail())).statusCode).toBe(200);
      const a = await forgot(existing);
      const b = await forgot(uniqueEmail());
      expect(a.statusCode).toBe(429);
      expectSameRefusal(a, b);
      expect(a.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});
