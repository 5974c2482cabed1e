import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeCodes, users } from '../../db/schema/index.js';
import { DEFAULT_TEST_PASSWORD, createSignedInUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RELAXED_LIMITS, latestCode, messagesFor, post, register, uniqueEmail, uniquePhone, wrongCode } from '../../test/auth-test-helpers.js';

const PENDING_TYPE = 'confirm-identifier-change';

describe('changing the email or phone: POST /api/update/user-profile, then /api/update/user-profile/confirm', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const update = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/update/user-profile', headers, payload });
  const confirm = (headers: Record<string, string>, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/update/user-profile/confirm', headers, payload: { code } });
  const profile = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user-profile', headers });
  const login = (identifier: string) => post(t, '/api/login', { identifier, password: DEFAULT_TEST_PASSWORD });
  const accountOf = async (id: string) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('needs the current password: without it, or with a wrong one, nothing changes and nothing is sent', async () => {
    const { user, headers } = await createSignedInUser(t.deps);
    const email = uniqueEmail();

    const missing = await update(headers, { email, name: 'Changed Name' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { currentPassword: [expect.any(String)] } });

    const wrong = await update(headers, { email, currentPassword: 'Not-My-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CURRENT_PASSWORD_INCORRECT', details: { currentPassword: ['Your current password is incorrect.'] } });
    // A wrong password here counts towards the lockout like one at sign-in.
    expect((await accountOf(user.id)).failedSignIns).toBe(1);

    expect(await accountOf(user.id)).toMatchObject({ email: user.email, name: user.name });
    expect(await messagesFor(t, email)).toEqual([]);
  });

  it('sends a code to the new email; only the code makes the change, ends other sessions and tells the old email', async () => {
    const { user, headers } = await createSignedInUser(t.deps);
    const otherSession = await t.deps.sessions.startSession(user.id, true);
    const otherHeaders = { authorization: `Bearer ${otherSession.token}` };
    const newEmail = uniqueEmail();

    const requested = await update(headers, { email: newEmail.toUpperCase(), currentPassword: DEFAULT_TEST_PASSWORD, name: 'Halima Bello' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({
      success: true,
      type: PENDING_TYPE,
      message: 'We sent a code to your new email address or phone number. Enter it to confirm the change.',
      // The name changes at once; the email only once confirmed.
      data: { name: 'Halima Bello', email: user.email },
    });

    // Not attached yet: the new address signs in to nothing, and the code is stored hashed.
    expect((await login(newEmail)).json().code).toBe('INVALID_CREDENTIALS');
    const [sent] = await messagesFor(t, newEmail);
    expect(sent).toMatchObject({ channel: 'email', subject: 'Confirm your new Lanefreight contact' });
    const code = await latestCode(t, newEmail);
    const [row] = await t.deps.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.identifier, newEmail), eq(oneTimeCodes.purpose, 'change')));
    expect(row!.userId).toBe(user.id);
    expect(row!.codeHash).not.toContain(code);

    const wrong = await confirm(headers, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('INVALID_CODE');
    expect((await accountOf(user.id)).email).toBe(user.email);

    const confirmed = await confirm(headers, code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, data: { email: newEmail, name: 'Halima Bello' } });

    // The old address is told; this session lives on, the other one is over.
    const notices = await messagesFor(t, user.email!);
    expect(notices.map((m) => m.subject)).toEqual(['The email address on your Lanefreight account was changed']);
    expect(notices[0]!.body).not.toContain(newEmail);
    expect((await profile(headers)).statusCode).toBe(200);
    expect((await profile(otherHeaders)).statusCode).toBe(401);

    expect((await login(newEmail)).statusCode).toBe(200);
    expect((await login(user.email!)).json().code).toBe('INVALID_CREDENTIALS');
    // The code is spent.
    expect((await confirm(headers, code)).json().code).toBe('INVALID_CODE');
  });

  it('changes the phone number through an SMS code to the new number', async () => {
    const oldPhone = uniquePhone();
    const { user, headers } = await createSignedInUser(t.deps, { phone: oldPhone, language: 'ha' });
    const newPhone = uniquePhone();
    const requested = await update(headers, { phone: `0${newPhone.slice(4)}`, currentPassword: DEFAULT_TEST_PASSWORD });
    expect(requested.json()).toMatchObject({ type: PENDING_TYPE, data: { phone: oldPhone } });
    const [sent] = await messagesFor(t, newPhone);
    expect(sent).toMatchObject({ channel: 'sms', subject: 'Tabbatar da sabuwar hanyar tuntuɓarku ta Lanefreight' });

    expect((await confirm(headers, await latestCode(t, newPhone))).json().data).toMatchObject({ phone: newPhone, email: user.email });
    const [notice] = await messagesFor(t, oldPhone);
    expect(notice).toMatchObject({ channel: 'sms', subject: 'An canza lambar wayar asusunku na Lanefreight' });
  });

  it("leaves the new identifier free for its real owner: if they register it first, confirmation is a conflict", async () => {
    const { user, headers } = await createSignedInUser(t.deps);
    const contested = uniqueEmail();
    expect((await update(headers, { email: contested, currentPassword: DEFAULT_TEST_PASSWORD })).statusCode).toBe(200);
    const code = await latestCode(t, contested);

    expect((await register(t, { email: contested })).statusCode).toBe(200);

    const res = await confirm(headers, code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'IDENTIFIER_TAKEN' });
    expect((await accountOf(user.id)).email).toBe(user.email);
  });

  it('keeps one pending change per account: a newer request replaces the older one', async () => {
    const { user, headers } = await createSignedInUser(t.deps);
    const first = uniqueEmail();
    const second = uniqueEmail();
    await update(headers, { email: first, currentPassword: DEFAULT_TEST_PASSWORD });
    const firstCode = await latestCode(t, first);
    await update(headers, { email: second, currentPassword: DEFAULT_TEST_PASSWORD });
    const secondCode = await latestCode(t, second);
    if (firstCode !== secondCode) expect((await confirm(headers, firstCode)).json().code).toBe('INVALID_CODE');
    expect((await confirm(headers, secondCode)).json().data.email).toBe(second);
    expect((await accountOf(user.id)).email).toBe(second);
  });

  it('changes one identifier at a time, and confirms nothing without a pending change', async () => {
    const { headers } = await createSignedInUser(t.deps, { phone: uniquePhone() });
    const both = await update(headers, { email: uniqueEmail(), phone: uniquePhone(), currentPassword: DEFAULT_TEST_PASSWORD });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('VALIDATION_FAILED');
    expect((await confirm(headers, '123456')).json().code).toBe('INVALID_CODE');
    expect((await confirm(headers, '12ab')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/update/user-profile/confirm', payload: { code: '123456' } })).statusCode).toBe(401);
  });
});
