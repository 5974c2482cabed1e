import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TEST_PASSWORD, createSignedInUser, createUser, fundWallet } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { uniquePhone } from '../../test/auth-test-helpers.js';

describe('GET /api/user-profile and POST /api/update/user-profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const getProfile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user-profile', headers });
  const update = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/update/user-profile', headers, payload: payload as object });

  it('returns exactly the profile fields, wallet balance in kobo, and nothing secret', async () => {
    const { user, headers } = await createSignedInUser(t.deps, { name: 'Ngozi Adeyemi', phone: uniquePhone() });
    const empty = await getProfile(headers);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.walletBalance).toBe(0);

    await fundWallet(t.deps.db, user.id, 4_500_000);
    const res = await getProfile(headers);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(Object.keys(body.data).sort()).toEqual(
      ['createdAt', 'email', 'id', 'language', 'name', 'phone', 'profileImage', 'roles', 'walletBalance', 'whatsappNumber'].sort(),
    );
    expect(body.data).toMatchObject({
      id: user.id,
      name: 'Ngozi Adeyemi',
      email: user.email,
      phone: user.phone,
      whatsappNumber: null,
      profileImage: null,
      walletBalance: 4_500_000,
      roles: ['customer'],
      language: 'en-US',
    });
    expect(res.body).not.toMatch(/argon2|password|hash|token/i);
  });

  it('updates name and language at once, without a password', async () => {
    const { user, headers } = await createSignedInUser(t.deps);
    const res = await update(headers, {
      name: '  Bola Tinubu-Okafor ',
      language: 'yo',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Your profile information has been updated successfully.',
      data: { id: user.id, name: 'Bola Tinubu-Okafor', email: user.email, language: 'yo', profileImage: null },
    });
    expect(res.json()).not.toHaveProperty('type');
    const removed = await update(headers, { profileImage: null });
    expect(removed.json().data).toMatchObject({ profileImage: null, name: 'Bola Tinubu-Okafor', email: user.email });
    // Sending the current email or phone, in any format, is not a change and needs no password.
    const phoneUser = await createSignedInUser(t.deps, { phone: uniquePhone() });
    const same = await update(phoneUser.headers, { email: phoneUser.user.email!.toUpperCase(), phone: `0${phoneUser.user.phone!.slice(4)}`, name: 'Musa' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'Musa', email: phoneUser.user.email, phone: phoneUser.user.phone });
  });

  it("refuses another account's email or phone with 409", async () => {
    const other = await createUser(t.deps.db, { phone: uniquePhone() });
    const { headers } = await createSignedInUser(t.deps);
    const currentPassword = DEFAULT_TEST_PASSWORD;
    expect((await update(headers, { email: other.email, currentPassword })).json()).toMatchObject({ code: 'IDENTIFIER_TAKEN' });
    expect((await update(headers, { phone: other.phone, currentPassword })).statusCode).toBe(409);
  });

  it('validates every field', async () => {
    const { headers } = await createSignedInUser(t.deps);
    for (const payload of [
      { name: '' },
      { name: 'x'.repeat(101) },
      { email: 'nope' },
      { phone: '12' },
      { language: 'klingon' },
      { profileImage: 'javascript:alert(1)' },
      { profileImage: '//evil.example/x.png' },
      // A picture is uploaded (avatar.test.ts), never pointed at.
      { profileImage: 'https://images.example.ng/p/1.png' },
      { roles: ['admin'] },
      { walletBalance: 1 },
    ]) {
      const res = await update(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});

describe('GET /api/session (the web app’s session probe)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 with user null when nobody is signed in, or the session is unknown', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-session' }, { cookie: 'lf_session=stale' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/session', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: { user: null } });
    }
  });

  it('answers the same profile as /user-profile for a live session, and null once it is revoked', async () => {
    const { headers } = await createSignedInUser(t.deps, { name: 'Amaka Obi' });
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers });
    const profile = await t.app.inject({ method: 'GET', url: '/api/user-profile', headers });
    expect(session.statusCode).toBe(200);
    expect(session.json().data.user).toEqual(profile.json().data);
    expect(session.body).not.toMatch(/argon2|password|hash|token/i);

    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers, payload: {} })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/session', headers });
    expect(after.json().data).toEqual({ user: null });
    // The spec's profile call keeps refusing a request without a session.
    expect((await t.app.inject({ method: 'GET', url: '/api/user-profile', headers })).statusCode).toBe(401);
  });
});
