import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RELAXED_LIMITS, messagesFor, register, uniqueEmail, uniquePhone } from '../../test/auth-test-helpers.js';

describe('POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  const userBy = async (column: 'email' | 'phone' | 'whatsappNumber', value: string) => {
    const [row] = await t.deps.db.select().from(users).where(eq(users[column], value));
    return row;
  };

  it('registers by email: trimmed and lower-cased, unverified, code sent by email', async () => {
    const email = uniqueEmail();
    const res = await register(t, { email: `  ${email.toUpperCase()} `, marketingConsent: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: { identifier: email, channel: 'email' },
      message: 'Registration Successful! Please check your email/phone for verification code.',
    });
    const row = await userBy('email', email);
    expect(row).toMatchObject({ email, phone: null, whatsappNumber: null, verifiedAt: null, marketingConsent: true });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);

    const [message] = await messagesFor(t, email);
    expect(message).toMatchObject({ to: email, channel: 'email', subject: 'Your Lanefreight verification code' });
    expect(message!.body).toMatch(/verification code is \d{6}\. It expires in 10 minutes/);
  });

  it('stores a phone number in E.164 and sends the code by SMS', async () => {
    const phone = uniquePhone(); // +23480XXXXXXXX
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;
    const res = await register(t, { phone: spaced });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ identifier: phone, channel: 'sms' });
    expect(await userBy('phone', phone)).toMatchObject({ phone, email: null, whatsappNumber: null });
    const [message] = await messagesFor(t, phone);
    expect(message).toMatchObject({ to: phone, channel: 'sms' });
  });

  it('reads a Nigerian number without the country code as +234', async () => {
    const phone = uniquePhone();
    const local = `0${phone.slice(4)}`;
    const res = await register(t, { phone: local });
    expect(res.json().data).toEqual({ identifier: phone, channel: 'sms' });
  });

  it('stores a WhatsApp number in its own column and sends the code by WhatsApp', async () => {
    const number = uniquePhone();
    const res = await register(t, { whatsapp_number: number });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ identifier: number, channel: 'whatsapp' });
    expect(await userBy('whatsappNumber', number)).toMatchObject({ whatsappNumber: number, phone: null });
    const [message] = await messagesFor(t, number);
    expect(message?.channel).toBe('whatsapp');
  });

  it('answers 409 IDENTIFIER_TAKEN for an email already registered, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await register(t, { email })).statusCode).toBe(200);
    const res = await register(t, { email: email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'IDENTIFIER_TAKEN',
      message: 'An account with this email or phone number already exists. Please log in instead.',
    });
  });

  it('treats a number as taken whether it was registered as phone or WhatsApp', async () => {
    const number = uniquePhone();
    expect((await register(t, { phone: number })).statusCode).toBe(200);
    const asWhatsapp = await register(t, { whatsapp_number: number });
    expect(asWhatsapp.statusCode).toBe(409);
    expect(asWhatsapp.json()).toMatchObject({
      code: 'IDENTIFIER_TAKEN',
      message: 'An account with this email or phone number already exists. Please log in instead.',
    });
    expect((await register(t, { phone: `0${number.slice(4)}` })).statusCode).toBe(409);
  });

  it('refuses one of the 10,000 most common passwords', async () => {
    for (const password of ['password1', 'qwertyuiop', 'PASSWORD1']) {
      const res = await register(t, { email: uniqueEmail(), password });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON', detailKeys: { password: ['auth.validation.passwordTooCommon'] } });
    }
  });

  it('bounds the password to 8-128 characters', async () => {
    const short = await register(t, { email: uniqueEmail(), password: 'Ab1!xyz' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Password must be at least 8 characters long' });

    const long = await register(t, { email: uniqueEmail(), password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Password must be at most 128 characters long');

    expect((await register(t, { email: uniqueEmail(), password: `Lf-${'q'.repeat(125)}` })).statusCode).toBe(200);
  });

  it('requires exactly one identifier', async () => {
    const none = await register(t, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Register with exactly one of email, phone or WhatsApp number');

    const two = await register(t, { email: uniqueEmail(), phone: uniquePhone() });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Register with exactly one of email, phone or WhatsApp number');
  });

  it('rejects a malformed email or phone number with the field named', async () => {
    const email = await register(t, { email: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { email: ['Please enter a valid email address'] } });

    const phone = await register(t, { phone: '+234123' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json()).toMatchObject({ code: 'INVALID_PHONE', details: { phone: ['Please enter a valid phone number'] } });

    const whatsapp = await register(t, { whatsapp_number: 'call me' });
    expect(whatsapp.json()).toMatchObject({ code: 'INVALID_PHONE', details: { whatsapp_number: ['Please enter a valid phone number'] } });
  });

  it('requires the name and bounds every field', async () => {
    const blank = await register(t, { email: uniqueEmail(), name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please fill in all required fields');

    expect((await register(t, { email: uniqueEmail(), name: 'n'.repeat(101) })).statusCode).toBe(400);
    expect((await register(t, { email: `${'a'.repeat(250)}@example.ng` })).statusCode).toBe(400);
    expect((await register(t, { phone: '1'.repeat(25) })).statusCode).toBe(400);
    expect((await register(t, { email: 12345 })).statusCode).toBe(400);
    expect((await register(t, { email: uniqueEmail(), language: 'xx' })).statusCode).toBe(400);
  });

  it('answers 4xx, never 500, to broken or oversized bodies', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await register(t, { email: uniqueEmail(), name: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
  });

  it("writes the code message in the person's language (body field, then Accept-Language)", async () => {
    const spanish = uniqueEmail();
    await register(t, { email: spanish, language: 'es' });
    const [es] = await messagesFor(t, spanish);
    expect(es!.subject).toBe('Tu código de verificación de Lanefreight');
    expect((await t.deps.db.select().from(users).where(eq(users.email, spanish)))[0]!.language).toBe('es');

    const french = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
      payload: { name: 'Amélie', password: 'Cargo-Lagos-2026!', email: french },
    });
    const [fr] = await messagesFor(t, french);
    expect(fr!.body).toMatch(/^Votre code de vérification Lanefreight est \d{6}\./);
  });
});
