import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../../test/factories.js';
import { createTestApp, startAnotherInstance, type TestApp } from '../../test/test-app.js';
import { RELAXED_LIMITS, latestCode, messagesFor, post, uniqueEmail, uniquePhone } from '../../test/auth-test-helpers.js';

const LOCKED_SUBJECT = 'Your Lanefreight account is locked';
const LOCKED_BODY = {
  success: false,
  data: null,
  code: 'ACCOUNT_LOCKED',
  message: 'This account is locked after too many incorrect passwords. Please reset your password with "Forgot password?" to sign in again.',
};

describe('sign-in lockout after consecutive failures (SIGNIN_MAX_CONSECUTIVE_FAILURES=5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...RELAXED_LIMITS, SIGNIN_MAX_CONSECUTIVE_FAILURES: '5' });
  });
  afterAll(async () => {
    await t.close();
  });

  let ip = 0;
  /** Every attempt from another address: the count is per account, not per client. */
  const login = (app: TestApp['app'], identifier: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/login', payload: { identifier, password }, remoteAddress: `10.9.${ip >> 8}.${ip++ & 255}` });
  const stateOf = async (userId: string) =>
    (await t.deps.db.select({ failed: users.failedSignIns, lockedAt: users.lockedAt }).from(users).where(eq(users.id, userId)))[0]!;

  it('locks after the 5th wrong password in a row, whatever the password then, and tells the owner once', async () => {
    const user = await createUser(t.deps.db, { phone: uniquePhone(), language: 'fr' });
    const email = user.email!;
    for (let i = 0; i < 4; i++) expect((await login(t.app, email, `Wrong-Password-${i}`)).statusCode).toBe(401);
    expect(await stateOf(user.id)).toEqual({ failed: 4, lockedAt: null });

    const fifth = await login(t.app, email, 'Wrong-Password-5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json()).toEqual(LOCKED_BODY);
    expect((await stateOf(user.id)).lockedAt).not.toBeNull();

    // The right password answers exactly as a wrong one: a locked account is no password oracle.
    const right = await login(t.app, email, DEFAULT_TEST_PASSWORD);
    const wrong = await login(t.app, email, 'Wrong-Password-6');
    expect(right.statusCode).toBe(423);
    expect(right.json()).toEqual(LOCKED_BODY);
    expect(wrong.json()).toEqual(right.json());
    // Signing in by the phone number reaches the same locked account.
    expect((await login(t.app, user.phone!, DEFAULT_TEST_PASSWORD)).json()).toEqual(LOCKED_BODY);

    // One notice per identifier of the account, in the account's language, however many attempts followed.
    const byEmail = await messagesFor(t, email);
    const bySms = await messagesFor(t, user.phone!);
    expect(byEmail.map((m) => [m.channel, m.subject])).toEqual([['email', 'Votre compte Lanefreight est bloqué']]);
    expect(bySms.map((m) => m.channel)).toEqual(['sms']);
    expect(byEmail[0]!.body).toContain('Mot de passe oublié ?');
    expect(byEmail[0]!.body).not.toMatch(/\d{6}/);
  });

  it('resets the count after a successful sign-in', async () => {
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 4; i++) await login(t.app, user.email!, 'Wrong-Password-1');
    expect((await login(t.app, user.email!, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
    expect(await stateOf(user.id)).toEqual({ failed: 0, lockedAt: null });
    for (let i = 0; i < 4; i++) expect((await login(t.app, user.email!, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await login(t.app, user.email!, DEFAULT_TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the owner back in with a password reset, which clears the lock and the count', async () => {
    const user = await createUser(t.deps.db);
    const email = user.email!;
    for (let i = 0; i < 5; i++) await login(t.app, email, 'Wrong-Password-1');
    expect((await login(t.app, email, DEFAULT_TEST_PASSWORD)).statusCode).toBe(423);

    expect((await post(t, '/api/forgot-password', { identifier: email })).statusCode).toBe(200);
    const otp = await latestCode(t, email);
    const verified = await post(t, '/api/verify-reset-otp', { identifier: email, otp });
    expect(verified.statusCode).toBe(200);
    const newPassword = 'Kano-Depot-2027!';
    const reset = await post(t, '/api/reset-password', { token: verified.json().data.resetToken, password: newPassword });
    expect(reset.statusCode).toBe(200);

    expect(await stateOf(user.id)).toEqual({ failed: 0, lockedAt: null });
    expect((await login(t.app, email, newPassword)).statusCode).toBe(200);
    // A fresh count: locking again takes the full number of failures, and tells the owner again.
    for (let i = 0; i < 4; i++) expect((await login(t.app, email, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await login(t.app, email, 'Wrong-Password-1')).statusCode).toBe(423);
    expect((await messagesFor(t, email)).filter((m) => m.subject === LOCKED_SUBJECT)).toHaveLength(2);
  });

  it('counts in the database, across instances', async () => {
    const user = await createUser(t.deps.db);
    const other = await startAnotherInstance(t, { ...RELAXED_LIMITS, SIGNIN_MAX_CONSECUTIVE_FAILURES: '5' });
    try {
      for (let i = 0; i < 3; i++) expect((await login(t.app, user.email!, 'Wrong-Password-1')).statusCode).toBe(401);
      expect((await login(other.app, user.email!, 'Wrong-Password-1')).statusCode).toBe(401);
      expect((await login(other.app, user.email!, 'Wrong-Password-1')).statusCode).toBe(423);
      expect((await login(t.app, user.email!, DEFAULT_TEST_PASSWORD)).statusCode).toBe(423);
    } finally {
      await other.app.close();
    }
  });

  it('notifies once even when the last failures race', async () => {
    const user = await createUser(t.deps.db);
    for (let i = 0; i < 3; i++) await login(t.app, user.email!, 'Wrong-Password-1');
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(t.app, user.email!, 'Wrong-Password-1')));
    expect(answers.filter((r) => r.statusCode === 423).length).toBeGreaterThanOrEqual(4);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 423)).toBe(true);
    expect(await messagesFor(t, user.email!)).toHaveLength(1);
  });

  it('never locks an unknown identifier: it keeps answering invalid credentials', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 7; i++) expect((await login(t.app, email, 'Wrong-Password-1')).json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('sign-in lockout default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows 100 consecutive failures: the 100th locks the account', async () => {
    expect(t.env.SIGNIN_MAX_CONSECUTIVE_FAILURES).toBe(100);
    const user = await createUser(t.deps.db);
    await t.deps.db.update(users).set({ failedSignIns: 98 }).where(eq(users.id, user.id));
    const attempt = (password: string) => post(t, '/api/login', { identifier: user.email, password });
    expect((await attempt('Wrong-Password-1')).statusCode).toBe(401);
    expect((await attempt('Wrong-Password-1')).statusCode).toBe(423);
    expect((await attempt(DEFAULT_TEST_PASSWORD)).statusCode).toBe(423);
  });
});
