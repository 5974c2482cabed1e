import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokens, users } from '../../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  RELAXED_LIMITS,
  ageSends,
  expectSameRefusal,
  latestCode,
  messagesFor,
  post,
  register,
  registerVerified,
  uniqueEmail,
  uniquePhone,
  wrongCode,
} from '../../test/auth-test-helpers.js';

const NEW_PASSWORD = 'Kano-Freight-Route-77';

describe('password reset: /api/forgot-password, /api/verify-reset-otp, /api/reset-password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const forgot = (identifier: string) => post(t, '/api/forgot-password', { identifier });
  const verifyReset = (identifier: string, otp: string) => post(t, '/api/verify-reset-otp', { identifier, otp });
  const reset = (token: string, password = NEW_PASSWORD) => post(t, '/api/reset-password', { token, password });
  const login = (identifier: string, password: string) => post(t, '/api/login', { identifier, password });

  async function resetTokenFor(identifier: string) {
    expect((await forgot(identifier)).statusCode).toBe(200);
    const res = await verifyReset(identifier, await latestCode(t, identifier));
    expect(res.statusCode).toBe(200);
    return res.json().data.resetToken as string;
  }

  it('answers identically whether or not the account exists, and sends only to a real account', async () => {
    const existing = await registerVerified(t);
    await ageSends(t, existing, 61);
    const missing = uniqueEmail();
    const [a, b] = await Promise.all([forgot(existing), forgot(missing)]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({
      success: true,
      data: {},
      message: 'If an account uses this email or phone number, a password reset code has been sent to it.',
    });
    const [message] = await messagesFor(t, existing);
    expect(message!.subject).toBe('Your Lanefreight password reset code');
    expect(await messagesFor(t, missing)).toHaveLength(0);

    // The resend limits answer the same too.
    const [c, d] = await Promise.all([forgot(existing), forgot(missing)]);
    expect(c.statusCode).toBe(429);
    expect(d.statusCode).toBe(429);
    expectSameRefusal(c, d);
  });

  it('resets the password with a single-use token, revoking every session', async () => {
    const email = await registerVerified(t);
    const first = (await login(email, DEFAULT_TEST_PASSWORD)).json().data.token;
    const second = (await login(email, DEFAULT_TEST_PASSWORD)).json().data.token;
    await ageSends(t, email, 61);

    const forgotRes = await forgot(email);
    expect(forgotRes.statusCode).toBe(200);
    const verified = await verifyReset(email, await latestCode(t, email));
    expect(verified.statusCode).toBe(200);
    const { resetToken, expiresAt } = verified.json().data;
    expect(verified.json().message).toBe('You can now create a new password.');
    expect(resetToken).toMatch(/^[\w-]{43}$/);
    const minutes = (new Date(expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
    const [stored] = await t.deps.db.select().from(resetTokens).where(eq(resetTokens.expiresAt, new Date(expiresAt)));
    expect(stored?.tokenHash).not.toBe(resetToken);

    const res = await reset(resetToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: {}, message: 'Your password has been reset. Please login with your new password.' });

    for (const token of [first, second]) {
      const profile = await t.app.inject({ method: 'GET', url: '/api/user-profile', headers: { authorization: `Bearer ${token}` } });
      expect(profile.statusCode).toBe(401);
    }
    expect((await login(email, DEFAULT_TEST_PASSWORD)).json().code).toBe('INVALID_CREDENTIALS');
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(resetToken, 'Another-Good-Password-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('the reset code is single use', async () => {
    const phone = uniquePhone();
    await register(t, { phone });
    await ageSends(t, phone, 61);
    await forgot(phone);
    const code = await latestCode(t, phone);
    expect((await verifyReset(phone, code)).statusCode).toBe(200);
    expect((await verifyReset(phone, code)).json().code).toBe('INVALID_CODE');
  });

  it('also verifies an account whose owner proves the identifier through a reset', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    await ageSends(t, email, 61);
    const token = await resetTokenFor(email);
    expect((await reset(token)).statusCode).toBe(200);
    const [row] = await t.deps.db.select({ verifiedAt: users.verifiedAt }).from(users).where(eq(users.email, email));
    expect(row!.verifiedAt).not.toBeNull();
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const email = await registerVerified(t);
    await ageSends(t, email, 61);
    const token = await resetTokenFor(email);
    await t.deps.db.update(resetTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(sql`used_at is null`);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect((await login(email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token, a common password and a short one', async () => {
    expect((await reset('x'.repeat(43))).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await reset('short')).statusCode).toBe(400);

    const email = await registerVerified(t);
    await ageSends(t, email, 61);
    const token = await resetTokenFor(email);
    const common = await reset(token, 'iloveyou');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', detailKeys: { password: ['auth.validation.passwordTooCommon'] } });
    const short = await reset(token, 'Ab1!');
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    expect((await reset(token)).statusCode).toBe(200); // the token survived the refused attempts
  });

  it('reset codes die after 5 wrong tries, with one answer for every failure', async () => {
    const email = await registerVerified(t);
    await ageSends(t, email, 61);
    await forgot(email);
    const code = await latestCode(t, email);
    const expected = { code: 'INVALID_CODE', message: 'Invalid verification code. Please try again.' };
    for (let i = 0; i < 5; i++) expect((await verifyReset(email, wrongCode(code))).json()).toMatchObject(expected);
    expect((await verifyReset(email, code)).json()).toMatchObject(expected);
    expect((await verifyReset(uniqueEmail(), code)).json()).toMatchObject(expected);
  });

  it('a newer reset token makes an older unused one invalid', async () => {
    const email = await registerVerified(t);
    await ageSends(t, email, 61);
    const older = await resetTokenFor(email);
    await ageSends(t, email, 61);
    const newer = await resetTokenFor(email);
    expect((await reset(older)).json().code).toBe('INVALID_RESET_TOKEN');
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('rejects a malformed identifier with a validation message', async () => {
    const res = await forgot('not an identifier');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid email address or phone number.');
    expect((await forgot('')).json().message).toBe('Please enter your email or phone number.');
  });
});
