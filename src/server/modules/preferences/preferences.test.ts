import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, payWithWallet } from '../../test/delivery-test-helpers.js';
import { SESSION_COOKIE } from '../auth/session-service.js';
import { outboxMessages } from '../../db/schema/index.js';
import { messagesFor, post, RELAXED_LIMITS, uniquePhone } from '../../test/auth-test-helpers.js';
import { createUserMessageQueue } from '../messages/message-queue.js';
import { createPreferencesRepository } from './preferences-repository.js';
import { createPreferencesService } from './preferences-service.js';
import type { NotificationPreferences } from '../../../shared/schemas/preferences.js';

const ALL_OFF: NotificationPreferences = { deliveryUpdates: false, promotionalEmails: false, smsNotifications: false, pushNotifications: false };

describe('notification preferences: GET/PUT /api/preferences', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
    origin = new URL(t.env.PUBLIC_URL).origin;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/preferences', headers });
  const put = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/preferences', headers, payload: payload as object });

  it('are all off for someone who never saved them, and saved per user with the spec’s message', async () => {
    const first = await createSignedInUser(t.deps);
    const second = await createSignedInUser(t.deps);
    expect((await get(first.headers)).json()).toEqual({ success: true, data: ALL_OFF, message: 'OK' });

    const chosen = { deliveryUpdates: true, promotionalEmails: false, smsNotifications: true, pushNotifications: true };
    const saved = await put(first.headers, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, data: chosen, message: 'Your notification preferences have been saved.' });
    expect((await get(first.headers)).json().data).toEqual(chosen);
    expect((await get(second.headers)).json().data).toEqual(ALL_OFF);

    // Saving again replaces the whole set.
    const changed = { ...ALL_OFF, promotionalEmails: true };
    expect((await put(first.headers, changed)).json().data).toEqual(changed);
    expect((await get(first.headers)).json().data).toEqual(changed);
  });

  it('takes the whole object of booleans and nothing else; a refused body changes nothing', async () => {
    const { headers } = await createSignedInUser(t.deps);
    const chosen = { ...ALL_OFF, deliveryUpdates: true };
    await put(headers, chosen);
    for (const payload of [
      {},
      { deliveryUpdates: true },
      { ...chosen, pushNotifications: 'yes' },
      { ...chosen, smsNotifications: 1 },
      { ...chosen, smsNotifications: null },
      { ...chosen, marketing: true },
      [chosen],
    ]) {
      const res = await put(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect((await get(headers)).json().data).toEqual(chosen);
  });

  it('needs a session; a cookie session must send JSON from our origin', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await put({}, ALL_OFF)).statusCode).toBe(401);
    const { token } = await createSignedInUser(t.deps);
    const cookie = `${SESSION_COOKIE}=${token}`;
    const chosen = { ...ALL_OFF, promotionalEmails: true };
    expect((await put({ cookie, origin: 'https://evil.example' }, chosen)).statusCode).toBe(403);
    expect((await get({ cookie })).json().data).toEqual(ALL_OFF);
    expect((await put({ cookie, origin }, chosen)).statusCode).toBe(200);
    expect((await get({ cookie })).json().data).toEqual(chosen);
  });
});

describe('the outbox honours preferences for optional messages only', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t?.close();
  });

  const queued = async (recipient: string) =>
    (await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).map((m) => m.subject);

  it('an optional message is queued only when its preference (and smsNotifications for SMS) is on', async () => {
    // As another instance would: its own memory of the preferences, cleared by the app's saves over the bus.
    const preferences = createPreferencesService(createPreferencesRepository(t.deps.db), t.deps.invalidationBus);
    const queue = createUserMessageQueue({ outbox: t.deps.outbox, findPreferences: preferences.forMessages });
    const phone = uniquePhone();
    const { user, headers } = await createSignedInUser(t.deps, { phone });
    const send = (subject: string, category: 'delivery-update' | 'promotion', channel: 'email' | 'sms') =>
      t.deps.db.transaction((tx) =>
        queue.queueMessage(
          { userId: user.id, category, channel, recipient: channel === 'sms' ? phone : user.email!, subject, body: subject },
          tx,
        ),
      );

    // Defaults: everything optional is off.
    expect(await send('update 1 email', 'delivery-update', 'email')).toBe(false);
    expect(await send('update 1 sms', 'delivery-update', 'sms')).toBe(false);
    expect(await send('promo 1', 'promotion', 'email')).toBe(false);

    await t.app.inject({ method: 'PUT', url: '/api/preferences', headers, payload: { ...ALL_OFF, deliveryUpdates: true } });
    expect(await send('update 2 email', 'delivery-update', 'email')).toBe(true);
    expect(await send('update 2 sms', 'delivery-update', 'sms')).toBe(false);
    expect(await send('promo 2', 'promotion', 'email')).toBe(false);

    await t.app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers,
      payload: { ...ALL_OFF, deliveryUpdates: true, smsNotifications: true, promotionalEmails: true },
    });
    expect(await send('update 3 sms', 'delivery-update', 'sms')).toBe(true);
    expect(await send('promo 3', 'promotion', 'email')).toBe(true);

    expect((await queued(user.email!)).sort()).toEqual(['promo 3', 'update 2 email']);
    expect(await queued(phone)).toEqual(['update 3 sms']);
  });

  it('essential messages go with every preference off: a password reset code arrives', async () => {
    const { user, headers } = await createSignedInUser(t.deps);
    await t.app.inject({ method: 'PUT', url: '/api/preferences', headers, payload: ALL_OFF });
    expect((await post(t, '/api/forgot-password', { identifier: user.email })).statusCode).toBe(200);
    const [message] = await messagesFor(t, user.email!);
    expect(message?.subject).toBe('Your Lanefreight password reset code');
  });
});

describe("the customer's delivery updates follow the preferences", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paidDeliveryMovedTo(headers: Record<string, string>, userId: string, statuses: string[]) {
    await fundWallet(t.deps.db, userId, 10_000_000);
    const delivery = await book(t, headers);
    await payWithWallet(t, headers, delivery.id);
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    await assignNewDriver(t, operator.headers, delivery.id);
    for (const status of statuses) {
      const moved = await t.app.inject({
        method: 'POST',
        url: `/api/dispatch/deliveries/${delivery.id}/status`,
        headers: operator.headers,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    return delivery.id as string;
  }

  const isNotReceipt = (m: { subject: string }) => !/^(Lanefreight receipt|Reçu Lanefreight)/.test(m.subject);

  it('none by default; by email once "Delivery updates" is on, in the customer\'s language', async () => {
    const off = await createSignedInUser(t.deps);
    await paidDeliveryMovedTo(off.headers, off.user.id, ['picked_up']);
    // The payment's receipt is essential (decision 052); the delivery updates are what this preference decides.
    expect((await messagesFor(t, off.user.email!)).filter(isNotReceipt)).toEqual([]);

    const on = await createSignedInUser(t.deps, { language: 'fr' });
    await t.app.inject({ method: 'PUT', url: '/api/preferences', headers: on.headers, payload: { ...ALL_OFF, deliveryUpdates: true } });
    const id = await paidDeliveryMovedTo(on.headers, on.user.id, ['picked_up', 'in_transit']);
    const subjects = (await messagesFor(t, on.user.email!)).filter(isNotReceipt).map((m) => m.subject).sort();
    expect(subjects).toEqual([`Livraison Lanefreight ${id} : en transit`, `Livraison Lanefreight ${id} : récupérée`].sort());
  });

  it('by SMS only with "SMS notifications" on as well', async () => {
    const phone = uniquePhone();
    const customer = await createSignedInUser(t.deps, { email: null, phone });
    await t.app.inject({ method: 'PUT', url: '/api/preferences', headers: customer.headers, payload: { ...ALL_OFF, deliveryUpdates: true } });
    await paidDeliveryMovedTo(customer.headers, customer.user.id, ['picked_up']);
    expect(await messagesFor(t, phone)).toEqual([]);

    await t.app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: customer.headers,
      payload: { ...ALL_OFF, deliveryUpdates: true, smsNotifications: true },
    });
    const id = await paidDeliveryMovedTo(customer.headers, customer.user.id, ['picked_up']);
    expect((await messagesFor(t, phone)).map((m) => m.body)).toEqual([`Lanefreight: your delivery ${id} is picked up. Follow it in the app.`]);
  });
});

describe('the language saved on the account is the language of its messages', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(RELAXED_LIMITS);
    origin = new URL(t.env.PUBLIC_URL).origin;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('after saving fr in the profile, a password reset code comes in French', async () => {
    const { user, token } = await createSignedInUser(t.deps);
    expect(user.language).toBe('en-US');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/update/user-profile',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, origin },
      payload: { language: 'fr' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.language).toBe('fr');

    expect((await post(t, '/api/forgot-password', { identifier: user.email })).statusCode).toBe(200);
    const [message] = await messagesFor(t, user.email!);
    expect(message?.subject).toBe('Votre code de réinitialisation du mot de passe Lanefreight');
    expect(message?.body).toMatch(/^Votre code de réinitialisation du mot de passe Lanefreight est \d{6}\./);
  });
});
