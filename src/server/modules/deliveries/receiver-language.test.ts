import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser } from '../../test/factories.js';
import { book, bookingBody } from '../../test/delivery-test-helpers.js';
import { VALIDATION_MESSAGES } from '../../lib/messages.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the receiver's language on a booking", () => {
  it('is stored and returned as chosen', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers, { receiverLanguage: 'ig' });
    expect(d.receiverLanguage).toBe('ig');
    const read = await t.app.inject({ method: 'GET', url: `/api/deliveries/${d.id}`, headers: u.headers });
    expect(read.json().data.receiverLanguage).toBe('ig');
  });

  it("defaults to the sender's account language when omitted", async () => {
    const u = await createSignedInUser(t.deps, { language: 'ha' });
    const d = await book(t, u.headers);
    expect(d.receiverLanguage).toBe('ha');
  });

  it('is kept when an edit omits it, and changed when an edit names it', async () => {
    const u = await createSignedInUser(t.deps, { language: 'fr' });
    const d = await book(t, u.headers, { receiverLanguage: 'yo' });
    const kept = await t.app.inject({ method: 'POST', url: `/api/update-booking/${d.id}`, headers: u.headers, payload: bookingBody() });
    expect(kept.json().data.receiverLanguage).toBe('yo');
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/update-booking/${d.id}`,
      headers: u.headers,
      payload: bookingBody({ receiverLanguage: 'pt' }),
    });
    expect(changed.json().data.receiverLanguage).toBe('pt');
  });

  it('must be one of the eight: a 400 naming the field, never a 500', async () => {
    const u = await createSignedInUser(t.deps);
    for (const receiverLanguage of ['xx', 'en', 'EN-US', 42, '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/book-delivery',
        headers: u.headers,
        payload: bookingBody({ receiverLanguage }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detailKeys).toEqual({ receiverLanguage: ['booking.validation.receiverLanguage'] });
      expect(res.json().message).toBe(VALIDATION_MESSAGES['booking.validation.receiverLanguage']);
    }
  });
});
