import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, DEFAULT_TEST_PASSWORD } from '../../test/factories.js';
import { awaitRoomInWindow } from '../../test/rate-limit-window.js';
import { messagesFor } from '../../test/auth-test-helpers.js';

/** Settings' change of password (decision 052). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Okada-Lekki-Bridge-42';
const change = (headers: Record<string, string>, payload: object, remoteAddress = '10.1.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/change-password', headers, payload, remoteAddress });
const login = (identifier: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { identifier, password, rememberMe: false }, remoteAddress: '10.1.9.9' });
const profileStatus = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/user-profile', headers })).statusCode;

describe('POST /api/change-password', () => {
  it('checks the current password, applies the password rule, ends every other session and tells the owner', async () => {
    await awaitRoomInWindow();
    const u = await createSignedInUser(t.deps, { password: DEFAULT_TEST_PASSWORD });
    const elsewhere = await t.deps.sessions.startSession(u.user.id, false);
    const otherHeaders = { authorization: `Bearer ${elsewhere.token}` };

    const wrong = await change(u.headers, { currentPassword: 'not-my-password', password: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', detailKeys: { currentPassword: ['validation.profile.currentPasswordIncorrect'] } });

    const short = await change(u.headers, { currentPassword: DEFAULT_TEST_PASSWORD, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detailKeys).toEqual({ password: ['auth.validation.passwordTooShort'] });
    const empty = await change(u.headers, { currentPassword: '', password: NEW_PASSWORD });
    expect(empty.json().detailKeys).toEqual({ currentPassword: ['auth.validation.fillAllFields'] });
    // The same password again is refused, said at the new one, and ends no other session.
    const same = await change(u.headers, { currentPassword: DEFAULT_TEST_PASSWORD, password: DEFAULT_TEST_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().detailKeys).toEqual({ password: ['auth.validation.passwordUnchanged'] });
    expect(await profileStatus(otherHeaders)).toBe(200);

    const changed = await change(u.headers, { currentPassword: DEFAULT_TEST_PASSWORD, password: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(200);

    // This session goes on; the other one is signed out.
    expect(await profileStatus(u.headers)).toBe(200);
    expect(await profileStatus(otherHeaders)).toBe(401);
    expect((await login(u.user.email!, DEFAULT_TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.user.email!, NEW_PASSWORD)).statusCode).toBe(200);

    const notices = await messagesFor(t, u.user.email!);
    expect(notices.map((m: { subject: string }) => m.subject)).toContain('The password of your Lanefreight account was changed');
  });

  it('a common password is refused', async () => {
    await awaitRoomInWindow();
    const u = await createSignedInUser(t.deps, { password: DEFAULT_TEST_PASSWORD });
    const res = await change(u.headers, { currentPassword: DEFAULT_TEST_PASSWORD, password: 'password123' });
    expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', detailKeys: { password: ['auth.validation.passwordTooCommon'] } });
  });

  it('is rate limited like a sign-in: guesses through a stolen session are capped', async () => {
    await awaitRoomInWindow();
    const u = await createSignedInUser(t.deps, { password: DEFAULT_TEST_PASSWORD });
    for (let i = 0; i < 3; i++) {
      expect((await change(u.headers, { currentPassword: `guess-${i}`, password: NEW_PASSWORD }, `10.1.1.${i}`)).statusCode).toBe(400);
    }
    expect((await change(u.headers, { currentPassword: DEFAULT_TEST_PASSWORD, password: NEW_PASSWORD }, '10.1.2.1')).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'POST', url: '/api/change-password', payload: {} })).statusCode).toBe(401);
  });
});
