import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD, createUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import {
  RELAXED_LIMITS,
  ageSends,
  latestCode,
  messagesFor,
  post,
  register,
  registerVerified,
  uniqueEmail,
  uniquePhone,
} from '../../test/auth-test-helpers.js';

describe('sign-in and sessions: POST /api/login, /api/logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (identifier: string, password = DEFAULT_TEST_PASSWORD, rememberMe?: boolean) =>
    post(t, '/api/login', { identifier, password, ...(rememberMe === undefined ? {} : { rememberMe }) });
  const profileWith = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user-profile', headers });
  const cookieOf = (setCookie: string | string[] | undefined) => String(setCookie).split(';')[0]!;

  it('signs a verified account in: token in data, httpOnly SameSite=Lax browser-session cookie', async () => {
    const email = await registerVerified(t);
    const res = await login(`  ${email.toUpperCase()}  `);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Welcome back' });
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data.user).toMatchObject({ email, walletBalance: 0, roles: ['customer'] });
    expect(body.data.user).not.toHaveProperty('passwordHash');

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^lf_session=${body.data.token};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL is http in tests

    // The server ends a browser session after 12 hours regardless.
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.id, (await t.deps.sessions.resolveToken(body.data.token))!.sessionId));
    expect(row!.persistent).toBe(false);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(12 * 3600_000 - 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(12 * 3600_000);
    expect(row!.tokenHash).not.toBe(body.data.token);
  });

  it('remember me sets a 30-day cookie', async () => {
    const email = await registerVerified(t);
    const res = await login(email, DEFAULT_TEST_PASSWORD, true);
    expect(res.statusCode).toBe(200);
    const expires = String(res.headers['set-cookie']).match(/Expires=([^;]+)/)?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('accepts the cookie and the bearer token on private routes', async () => {
    const email = await registerVerified(t);
    const res = await login(email);
    expect((await profileWith({ cookie: cookieOf(res.headers['set-cookie']) })).statusCode).toBe(200);
    expect((await profileWith({ authorization: `Bearer ${res.json().data.token}` })).statusCode).toBe(200);
    expect((await profileWith({ authorization: 'Bearer not-a-real-token-at-all-really' })).statusCode).toBe(401);
  });

  it('signs in by phone or WhatsApp number, in any common format', async () => {
    const phone = uniquePhone();
    const whatsapp = uniquePhone();
    await createUser(t.deps.db, { email: null, phone });
    await createUser(t.deps.db, { email: null, whatsappNumber: whatsapp });
    expect((await login(`0${phone.slice(4)}`)).statusCode).toBe(200);
    expect((await login(`${whatsapp.slice(0, 4)} ${whatsapp.slice(4)}`)).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown identifier, in about the same time', async () => {
    const email = await registerVerified(t);
    const wrongPassword = await login(email, 'Not-The-Password-9');
    const unknown = await login(uniqueEmail(), 'Not-The-Password-9');
    const unparsable = await login('nobody', 'Not-The-Password-9');
    for (const res of [wrongPassword, unknown, unparsable]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid credentials. Please try again.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
    }

    // Interleaved samples, so both paths see the same machine load; medians compared.
    const timings = { known: [] as number[], missing: [] as number[] };
    for (let i = 0; i < 7; i++) {
      for (const [kind, identifier] of [['known', email], ['missing', uniqueEmail()]] as const) {
        const started = performance.now();
        await login(identifier, 'Not-The-Password-9');
        timings[kind].push(performance.now() - started);
      }
    }
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(timings.missing) / median(timings.known);
    // Both paths run one argon2id verification; without the dummy hash a miss would be over ten times faster.
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('answers an unverified account with type "unverified" and sends a fresh code', async () => {
    const email = uniqueEmail();
    await register(t, { email });
    const firstCode = await latestCode(t, email);
    await ageSends(t, email, 61);

    const wrong = await login(email, 'Not-The-Password-9');
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS'); // no hint about verification without the password

    const res = await login(email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      code: 'ACCOUNT_UNVERIFIED',
      type: 'unverified',
      message: 'Please verify your account before logging in.',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await messagesFor(t, email)).toHaveLength(2);
    const freshCode = await latestCode(t, email);

    // Within the cooldown the answer is the same but no extra code goes out.
    expect((await login(email)).json().type).toBe('unverified');
    expect(await messagesFor(t, email)).toHaveLength(2);

    if (firstCode !== freshCode) {
      expect((await post(t, '/api/verify-otp', { identifier: email, otp: firstCode })).statusCode).toBe(400);
    }
    const verified = await post(t, '/api/verify-otp', { identifier: email, otp: freshCode, startSession: true });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().data.session.token).toBeTruthy();
    expect((await login(email)).statusCode).toBe(200);
  });

  it('sends the unverified code to the channel the person signed in with', async () => {
    const number = uniquePhone();
    await register(t, { whatsapp_number: number });
    await ageSends(t, number, 61);
    expect((await login(number)).json().type).toBe('unverified');
    const [message] = await messagesFor(t, number);
    expect(message!.channel).toBe('whatsapp');
  });

  it('requires identifier and password with the spec message', async () => {
    const res = await post(t, '/api/login', { identifier: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please fill in all required fields');
    expect((await post(t, '/api/login', { identifier: 'a@b.ng', password: 'x'.repeat(129) })).statusCode).toBe(400);
    expect((await post(t, '/api/login', { identifier: 'a@b.ng', password: 'secret123', rememberMe: 'yes' })).statusCode).toBe(400);
  });

  it('logout revokes the session and clears the cookie', async () => {
    const email = await registerVerified(t);
    const { token } = (await login(email)).json().data;
    const headers = { authorization: `Bearer ${token}` };
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^lf_session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await profileWith(headers)).statusCode).toBe(401);

    // Signing out without a session still clears the cookie.
    expect((await t.app.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(200);
  });

  it('denies private routes without a session (deny by default)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user-profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const update = await post(t, '/api/update/user-profile', { name: 'Mallam' });
    expect(update.statusCode).toBe(401);
  });
});
