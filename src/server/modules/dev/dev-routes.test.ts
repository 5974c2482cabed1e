import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
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
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('Code &lt;b&gt;123456&lt;/b&gt; &amp; &quot;quotes&quot;');
    expect(res.body).toContain(`value="${email}"`);
  });

  it.each([
    ['an SMTP server is configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['Termii is configured', { TERMII_API_KEY: 'TL-key' }],
    ['NODE_ENV is production', { NODE_ENV: 'production' }],
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
