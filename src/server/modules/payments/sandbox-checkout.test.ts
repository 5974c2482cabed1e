import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { sandboxCharges } from '../../db/schema/index.js';
import { SESSION_COOKIE } from '../auth/session-service.js';
import { book } from '../../test/delivery-test-helpers.js';
import { checkoutForm, decideSandboxCheckout, multipartForm, SAME_ORIGIN } from '../../test/payment-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://lanefreight.test' });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;

/** A payer with a card payment waiting on the sandbox checkout, signed in by cookie as the browser is. */
async function pendingCheckout() {
  const u = await createSignedInUser(t.deps);
  const d = await book(t, u.headers);
  const init = await t.app.inject({
    method: 'POST',
    url: '/api/payments/initiate',
    headers: u.headers,
    payload: { deliveryId: d.id, method: 'card' },
  });
  const { reference, checkoutUrl } = init.json().data as { reference: string; checkoutUrl: string };
  const cookie: Headers = { cookie: `${SESSION_COOKIE}=${u.token}` };
  const page = await t.app.inject({ method: 'GET', url: checkoutUrl, headers: cookie });
  expect(page.statusCode).toBe(200);
  return {
    u,
    d,
    reference,
    checkoutUrl,
    cookie,
    approve: checkoutForm(page.body, 'approve'),
    verifyUrl: `/api/payments/verify?reference=${reference}&delivery_id=${d.id}`,
  };
}

async function chargeStatus(reference: string) {
  const [row] = await t.deps.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference));
  return row!.status;
}

const postForm = (url: string, headers: Headers, fields: Record<string, string>) => {
  const form = multipartForm(fields);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...form.headers }, payload: form.payload });
};

describe('sandbox checkout: only the signed-in payer, only from its own page', () => {
  it('an anonymous approve (no session, no token) pays nothing: the issue’s attack', async () => {
    const c = await pendingCheckout();
    const asBefore = await t.app.inject({
      method: 'POST',
      url: c.approve.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(asBefore.statusCode).toBe(415);
    // Even with the payer's token in hand, no session is no payment.
    const withToken = await postForm(c.approve.action, SAME_ORIGIN, { csrf: c.approve.csrf });
    expect(withToken.statusCode).toBe(401);
    expect(withToken.body).toContain('Sign in to pay');
    expect(await chargeStatus(c.reference)).toBe('pending');
    const verify = await t.app.inject({ method: 'POST', url: c.verifyUrl, headers: c.u.headers });
    expect(verify.json().code).toBe('PAYMENT_PENDING');
  });

  it('the page: a sign-in prompt when signed out, "not found" for another user, shown only to the payer', async () => {
    const c = await pendingCheckout();
    const anonymous = await t.app.inject({ method: 'GET', url: c.checkoutUrl });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('Sign in to pay');
    expect(anonymous.body).not.toContain(c.u.user.email!);
    expect(anonymous.body).not.toContain('name="csrf"');

    const other = await createSignedInUser(t.deps);
    const foreign = await t.app.inject({ method: 'GET', url: c.checkoutUrl, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toContain('Checkout not found');
    expect(foreign.body).not.toContain(c.u.user.email!);
    // The same answer as for a reference that does not exist: nothing tells them apart.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/payments/sandbox/checkout/LFP-0000',
      headers: other.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(foreign.body);
  });

  it('another user cannot decide it, even with a token and a same-origin post', async () => {
    const c = await pendingCheckout();
    const other = await createSignedInUser(t.deps);
    const res = await postForm(c.approve.action, { ...other.headers, ...SAME_ORIGIN }, { csrf: c.approve.csrf });
    expect(res.statusCode).toBe(404);
    expect(await chargeStatus(c.reference)).toBe('pending');
  });

  it('the payer’s own post is refused without the page’s token, with a forged one or from another site', async () => {
    const c = await pendingCheckout();
    // A signed-in urlencoded post is refused by the app-wide CSRF rule before it reaches the checkout.
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: c.approve.action,
      headers: { ...c.cookie, ...SAME_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrf=${encodeURIComponent(c.approve.csrf)}`,
    });
    expect(urlencoded.statusCode).toBe(403);
    expect(urlencoded.json().code).toBe('CSRF_REJECTED');
    const badTokens = [
      await postForm(c.approve.action, { ...c.cookie, ...SAME_ORIGIN }, {}),
      await postForm(c.approve.action, { ...c.cookie, ...SAME_ORIGIN }, { csrf: 'forged' }),
      await postForm(c.approve.action, { ...c.cookie, ...SAME_ORIGIN }, { csrf: c.approve.csrf.slice(1) }),
    ];
    for (const res of badTokens) {
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('Payment not confirmed');
    }
    // The app-wide CSRF rule answers these before the checkout sees them.
    const crossSite = [
      // A genuine token, but the post comes from elsewhere (or says nothing about where it comes from).
      await postForm(c.approve.action, { ...c.cookie, origin: 'https://evil.example' }, { csrf: c.approve.csrf }),
      await postForm(
        c.approve.action,
        { ...c.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { csrf: c.approve.csrf },
      ),
      await postForm(c.approve.action, c.cookie, { csrf: c.approve.csrf }),
    ];
    for (const res of crossSite) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CSRF_REJECTED');
    }
    expect(await chargeStatus(c.reference)).toBe('pending');
  });

  it('a token is bound to its session and its charge', async () => {
    const c = await pendingCheckout();
    // The same payer, signed in elsewhere: that session's page has a different token.
    const secondSession = await t.deps.sessions.startSession(c.u.user.id, false);
    const elsewhere = { cookie: `${SESSION_COOKIE}=${secondSession.token}` };
    const res = await postForm(c.approve.action, { ...elsewhere, ...SAME_ORIGIN }, { csrf: c.approve.csrf });
    expect(res.statusCode).toBe(403);
    // A second checkout of the same payer has its own token.
    const d2 = await book(t, c.u.headers);
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/payments/initiate',
      headers: c.u.headers,
      payload: { deliveryId: d2.id, method: 'card' },
    });
    const page2 = await t.app.inject({ method: 'GET', url: init.json().data.checkoutUrl, headers: c.cookie });
    expect(checkoutForm(page2.body, 'approve').csrf).not.toBe(c.approve.csrf);
    const crossed = await postForm(
      checkoutForm(page2.body, 'approve').action,
      { ...c.cookie, ...SAME_ORIGIN },
      {
        csrf: c.approve.csrf,
      },
    );
    expect(crossed.statusCode).toBe(403);
    expect(await chargeStatus(c.reference)).toBe('pending');
  });

  it('the payer’s post from the page pays: by Sec-Fetch-Site, or by an Origin naming the app', async () => {
    const c = await pendingCheckout();
    const res = await postForm(
      c.approve.action,
      { ...c.cookie, origin: 'https://lanefreight.test' },
      {
        csrf: c.approve.csrf,
      },
    );
    expect(res.statusCode).toBe(303);
    expect(await chargeStatus(c.reference)).toBe('success');
    const verify = await t.app.inject({ method: 'POST', url: c.verifyUrl, headers: c.u.headers });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.status).toBe('pending');

    const declined = await pendingCheckout();
    expect((await decideSandboxCheckout(t, declined.cookie, declined.checkoutUrl, 'decline')).statusCode).toBe(303);
    expect(await chargeStatus(declined.reference)).toBe('failed');
  });

  it('a file, too many fields or a malformed form is a 4xx, and pays nothing', async () => {
    const c = await pendingCheckout();
    const boundary = '----lanefreightfile';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${c.approve.csrf}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n` +
      `--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: c.approve.action,
      headers: { ...c.cookie, ...SAME_ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const tooMany = multipartForm({ csrf: c.approve.csrf, a: '1', b: '2', c: '3', d: '4', e: '5' });
    const malformed = [
      { 'content-type': 'multipart/form-data; boundary=nothere', payload: `csrf=${c.approve.csrf}` },
      { 'content-type': 'multipart/form-data', payload: '--x\r\n' },
      { 'content-type': tooMany.headers['content-type'], payload: tooMany.payload },
    ];
    const others = await Promise.all(
      malformed.map(({ payload, ...headers }) =>
        t.app.inject({
          method: 'POST',
          url: c.approve.action,
          headers: { ...c.cookie, ...SAME_ORIGIN, ...headers },
          payload,
        }),
      ),
    );
    for (const r of [res, ...others]) {
      expect(r.statusCode).toBeGreaterThanOrEqual(400);
      expect(r.statusCode).toBeLessThan(500);
    }
    expect(await chargeStatus(c.reference)).toBe('pending');
  });
});
