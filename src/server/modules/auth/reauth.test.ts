import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, DEFAULT_TEST_PASSWORD } from '../../test/factories.js';
import { awaitRoomInWindow } from '../../test/rate-limit-window.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGNIN_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/reauth and the sign-in limits', () => {
  it('wrong passwords count against the account’s sign-in limit, so guessing through a stolen session is capped', async () => {
    const u = await createSignedInUser(t.deps, { password: DEFAULT_TEST_PASSWORD });
    const reauth = (password: string, remoteAddress = '10.0.0.1') =>
      t.app.inject({ method: 'POST', url: '/api/reauth', headers: u.headers, payload: { password }, remoteAddress });

    await awaitRoomInWindow();
    for (let i = 0; i < 3; i++) expect((await reauth(`wrong-${i}`, `10.0.0.${i + 1}`)).json().code).toBe('PASSWORD_INCORRECT');
    // The right password, from yet another address, is now refused: the account's limit is spent.
    expect((await reauth(DEFAULT_TEST_PASSWORD, '10.0.0.9')).statusCode).toBe(429);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { identifier: u.user.email, password: DEFAULT_TEST_PASSWORD, rememberMe: false },
      remoteAddress: '10.0.0.10',
    });
    expect(login.statusCode).toBe(429);
  });
});
