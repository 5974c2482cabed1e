import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, outboxMessages, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  RELAXED_LIMITS,
  ageSends,
  expireCodes,
  latestCode,
  messagesFor,
  post,
  register,
  uniqueEmail,
  uniquePhone,
  wrongCode,
} from '../../test/auth-test-helpers.js';

describe('one-time codes: POST /api/verify-otp and /api/resend-verification-otp', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = (identifier: string, otp: string, extra: Record<string, unknown> = {}) =>
    post(t, '/api/verify-otp', { identifier, otp, ...extra });
  const resend = (identifier: string) => post(t, '/api/resend-verification-otp', { identifier });
  const isVerified = async (email: string) =>
    (await t.deps.db.select({ at: users.verifiedAt }).from(users).where(eq(users.email, email)))[0]?.at !== null;

  it('verifies the account with the code from the outbox, without a session by default', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const res = await verify(email, await latestCode(t, email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { verified: true, session: null },
      message: 'Your account has been verified successfully!',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await isVerified(email)).toBe(true);
  });

  it('stores codes hashed, 6 digits, valid for 10 minutes', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const code = await latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.identifier, email));
    expect(row!.codeHash).not.toContain(code);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(10 * 60_000);
  });

  it('starts a session when asked (the sign-in path)', async () => {
    const phone = uniquePhone();
    await register(t, { phone });
    const res = await verify(`0${phone.slice(4)}`, await latestCode(t, phone), { startSession: true, rememberMe: true });
    expect(res.statusCode).toBe(200);
    const session = res.json().data.session;
    expect(session.user).toMatchObject({ phone, walletBalance: 0 });
    expect(res.headers['set-cookie']).toMatch(/^lf_session=[^;]+;.*HttpOnly/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user-profile', headers: { authorization: `Bearer ${session.token}` } });
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a wrong code, then accepts the right one', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const code = await latestCode(t, email);
    const wrong = await verify(email, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, code: 'INVALID_CODE', message: 'Invalid verification code. Please try again.' });
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('answers an unknown identifier like a wrong code', async () => {
    const res = await verify(uniqueEmail(), '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid verification code. Please try again.' });
  });

  it('is single use', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const code = await latestCode(t, email);
    expect((await verify(email, code)).statusCode).toBe(200);
    const again = await verify(email, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_CODE');
  });

  it('expires after 10 minutes', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const code = await latestCode(t, email);
    await expireCodes(t, email);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CODE_EXPIRED', message: 'This code has expired. Please request a new one.' });
    expect(await isVerified(email)).toBe(false);
  });

  it('dies after 5 wrong tries: even the right code is refused until a new one is requested', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const code = await latestCode(t, email);
    for (let i = 1; i <= 4; i++) expect((await verify(email, wrongCode(code))).json().code).toBe('INVALID_CODE');
    const fifth = await verify(email, wrongCode(code));
    expect(fifth.json()).toMatchObject({ code: 'CODE_ATTEMPTS_EXCEEDED', message: 'Too many wrong attempts. Please request a new code.' });
    const right = await verify(email, code);
    expect(right.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');

    await ageSends(t, email, 61);
    expect((await resend(email)).statusCode).toBe(200);
    const fresh = await latestCode(t, email);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('a new code replaces the old one', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const first = await latestCode(t, email);
    await ageSends(t, email, 61);
    const res = await resend(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: {}, message: 'A new verification code has been sent.' });
    const second = await latestCode(t, email);
    expect(await messagesFor(t, email)).toHaveLength(2);
    if (first !== second) expect((await verify(email, first)).json().code).toBe('INVALID_CODE');
    expect((await verify(email, second)).statusCode).toBe(200);
  });

  it('allows one resend per 60 seconds, with Retry-After', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const tooSoon = await resend(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ success: false, code: 'RESEND_TOO_SOON' });
    expect(tooSoon.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    const retryAfter = Number(tooSoon.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The wait travels as a named parameter, so every language can say "wait 42 seconds".
    expect(tooSoon.json().params).toEqual({ seconds: retryAfter });
    expect(tooSoon.json().message).toBe(`Please wait ${retryAfter} seconds before requesting a new code.`);
    expect(await messagesFor(t, email)).toHaveLength(1);

    await ageSends(t, email, 61);
    expect((await resend(email)).statusCode).toBe(200);
  });

  it('allows at most 5 sends an hour per identifier', async () => {
    const email = uniqueEmail();
    await register(t, { email }); // send 1
    for (let i = 2; i <= 5; i++) {
      await ageSends(t, email, 61);
      expect((await resend(email)).statusCode).toBe(200);
    }
    await ageSends(t, email, 61);
    const capped = await resend(email);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'RESEND_LIMIT_REACHED', message: 'You have requested too many codes. Please try again later.' });
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
    expect(await messagesFor(t, email)).toHaveLength(5);

    // An hour after the first send, one slot frees up.
    await ageSends(t, email, 60 * 60 - 5 * 61 + 5);
    expect((await resend(email)).statusCode).toBe(200);
  });

  it('answers resend the same for unknown, verified and unverified identifiers, sending only to the unverified', async () => {
    const pending = uniqueEmail();
    await register(t, { email: pending });
    await ageSends(t, pending, 61);
    const verified = uniqueEmail();
    await register(t, { email: verified });
    await verify(verified, await latestCode(t, verified));
    await ageSends(t, verified, 61);
    const unknown = uniqueEmail();

    const bodies = await Promise.all([pending, verified, unknown].map(async (id) => (await resend(id)).body));
    expect(new Set(bodies).size).toBe(1);
    expect(await messagesFor(t, pending)).toHaveLength(2);
    expect(await messagesFor(t, verified)).toHaveLength(1);
    expect(await messagesFor(t, unknown)).toHaveLength(0);

    const unknownAgain = await resend(unknown);
    const verifiedAgain = await resend(verified);
    expect(unknownAgain.statusCode).toBe(429);
    expect(verifiedAgain.statusCode).toBe(429);
  });

  it('validates the code format with the spec message', async () => {
    for (const otp of ['12345', '1234567', 'abcdef', '12 456']) {
      const res = await verify(uniqueEmail(), otp);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter the 6-digit verification code');
    }
    const empty = await resend('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter your email or phone number.');
  });

  it('delivers through the outbox worker after commit (dev transport marks it sent)', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    await expect
      .poll(async () => (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email)))[0]?.status, {
        timeout: 5_000,
      })
      .toBe('sent');
  });
});
