import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, startAnotherInstance, type TestApp } from '../../test/test-app.js';
import { loadEnv } from '../../config/env.js';
import { devOutboxAvailability } from '../../adapters/messages/index.js';
import { outboxMessages } from '../../db/schema/index.js';
import { RELAXED_LIMITS, register, uniqueEmail, uniquePhone } from '../../test/auth-test-helpers.js';

describe('dev outbox: GET /api/dev/messages and /dev/mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists messages for a recipient, newest first, matching the identifier however it is written', async () => {
    const phone = uniquePhone();
    await register(t, { phone });
    await t.deps.outbox.insertMessage({ channel: 'sms', recipient: phone, subject: 'Later', body: 'Second message' });

    const res = await t.app.inject({ method: 'GET', url: `/api/dev/messages?to=${encodeURIComponent(`0${phone.slice(4)}`)}` });
    expect(res.statusCode).toBe(200);
    const messages = res.json().data;
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ to: phone, channel: 'sms', subject: 'Later', body: 'Second message' });
    expect(messages[1]).toMatchObject({ to: phone, channel: 'sms', subject: 'Your Lanefreight verification code' });
    expect(Object.keys(messages[0]).sort()).toEqual(['body', 'channel', 'createdAt', 'status', 'subject', 'to']);
    expect(new Date(messages[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(messages[1].createdAt).getTime());

    const upper = uniqueEmail();
    await register(t, { email: upper });
    const byEmail = await t.app.inject({ method: 'GET', url: `/api/dev/messages?to=${encodeURIComponent(upper.toUpperCase())}` });
    expect(byEmail.json().data).toHaveLength(1);
  });

  it('shows an escaped, script-free HTML mailbox under the CSP', async () => {
    const email = uniqueEmail();
    await t.deps.outbox.insertMessage({
      channel: 'email',
      recipient: email,
      subject: '<script>alert(1)</script>',
      body: 'Code <b>123456</b> & "quotes"',
    });
    const res = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(res.body).not.toMatch(/<script/i);
    // lib/html.ts's escaping: the five characters as numeric references.
    expect(res.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(res.body).toContain('Code &#60;b&#62;123456&#60;/b&#62; &#38; &#34;quotes&#34;');
    expect(res.body).toContain(`value="${email}"`);
  });

  it.each([
    ['an SMTP server is configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['Termii is configured', { TERMII_API_KEY: 'TL-key' }],
    ['NODE_ENV is production', { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }],
    ['HOST is another interface and DEV_OUTBOX is not on', { HOST: '0.0.0.0' }],
    ['DEV_OUTBOX is off, even on loopback', { HOST: '127.0.0.1', DEV_OUTBOX: 'off' }],
  ])('does not exist when %s', async (_label, overrides) => {
    const other = await createTestApp(overrides);
    try {
      const api = await other.app.inject({ method: 'GET', url: '/api/dev/messages?to=a@b.ng' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('ROUTE_NOT_FOUND');
      const page = await other.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(page.body).not.toContain('Dev mailbox');
    } finally {
      await other.close();
    }
  });
});

describe('dev outbox: where and how long', () => {
  it.each([
    ['on ::1', { HOST: '::1' }],
    ['on 127.0.0.1', { HOST: '127.0.0.1' }],
    ['on another interface with DEV_OUTBOX=on', { HOST: '0.0.0.0', DEV_OUTBOX: 'on' }],
  ])('is served %s', async (_label, overrides) => {
    const other = await createTestApp(overrides);
    try {
      const api = await other.app.inject({ method: 'GET', url: '/api/dev/messages?to=a@b.ng' });
      expect(api.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('says why it is not served on another interface', () => {
    const env = loadEnv({ HOST: '0.0.0.0' });
    expect(devOutboxAvailability(env)).toEqual({
      enabled: false,
      reason: expect.stringMatching(/HOST=0\.0\.0\.0 .*DEV_OUTBOX=on/),
    });
  });

  it('keeps messages for 24 hours: older ones are neither shown nor kept', async () => {
    const t = await createTestApp();
    try {
      const email = uniqueEmail();
      const { outbox } = t.deps;
      await outbox.insertMessage({ channel: 'email', recipient: email, subject: 'Old code', body: 'Code 111111' });
      await outbox.insertMessage({ channel: 'email', recipient: email, subject: 'Recent code', body: 'Code 222222' });
      await t.deps.db
        .update(outboxMessages)
        .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
        .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.subject, 'Old code')));

      const listed = await t.app.inject({ method: 'GET', url: `/api/dev/messages?to=${encodeURIComponent(email)}` });
      expect(listed.json().data.map((m: { subject: string }) => m.subject)).toEqual(['Recent code']);
      const page = await t.app.inject({ method: 'GET', url: `/dev/mailbox?to=${encodeURIComponent(email)}` });
      expect(page.body).toContain('Recent code');
      expect(page.body).not.toContain('Old code');

      // The app prunes at start and then hourly; a second instance starting on the same database prunes now.
      const another = await startAnotherInstance(t);
      try {
        await vi.waitFor(async () => {
          const rows = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
          expect(rows.map((row) => row.subject)).toEqual(['Recent code']);
        });
      } finally {
        await another.app.close();
      }
    } finally {
      await t.close();
    }
  });
});
