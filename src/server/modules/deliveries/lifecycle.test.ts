import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInDriver, createSignedInUser, fundWallet } from '../../test/factories.js';
import { ledgerEntries, notifications } from '../../db/schema/index.js';
import { ERROR_MESSAGES } from '../../lib/messages.js';
import { assignNewDriver, book, bookingBody, payWithWallet, balanceOf, ledgerSum } from '../../test/delivery-test-helpers.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const move = (id: string, status: string) =>
  post(`/api/dispatch/deliveries/${id}/status`, operator.headers, { status });

async function paidDelivery(headers: Headers, userId: string) {
  await fundWallet(t.deps.db, userId, 270_000);
  const d = await book(t, headers);
  const res = await payWithWallet(t, headers, d.id);
  expect(res.statusCode).toBe(200);
  return res.json().data.delivery as { id: string; trackingId: string; paidAt: string };
}

describe('cancellation', () => {
  it('a paid delivery cancelled before pickup is refunded to the wallet once, with a ledger entry and a notification', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await paidDelivery(u.headers, u.user.id);
    expect(await balanceOf(t, u.user.id)).toBe(0);
    const results = await Promise.all([1, 2, 3].map(() => post(`/api/deliveries/${d.id}/cancel`, u.headers)));
    for (const r of results) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({
        id: d.id,
        status: 'cancelled',
        displayStatus: 'cancelled',
        canCancel: false,
      });
    }
    expect(await balanceOf(t, u.user.id)).toBe(270_000);
    expect(await ledgerSum(t, u.user.id)).toBe(270_000);
    const refunds = await t.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, u.user.id), eq(ledgerEntries.kind, 'refund')));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountKobo: 270_000, balanceAfterKobo: 270_000 });
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    const refundNote = notes.find((n) => n.messageKey === 'deliveryCancelledRefunded');
    expect(refundNote?.params).toMatchObject({ deliveryId: d.id, amount: '₦2,700.00', amountKobo: 270_000 });
    // The repeats changed nothing: one cancellation, one notification, one event.
    expect(notes.filter((n) => n.messageKey.startsWith('deliveryCancelled'))).toHaveLength(1);
    // A cancelled delivery can neither be paid nor edited.
    expect((await payWithWallet(t, u.headers, d.id)).json().code).toBe('DELIVERY_NOT_PAYABLE');
    expect((await post(`/api/update-booking/${d.id}`, u.headers, bookingBody())).json().code).toBe(
      'DELIVERY_NOT_EDITABLE',
    );
  });

  it('an unpaid booking is cancelled without any money moving', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await book(t, u.headers);
    const res = await post(`/api/deliveries/${d.id}/cancel`, u.headers);
    expect(res.statusCode).toBe(200);
    expect(await ledgerSum(t, u.user.id)).toBe(0);
    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(notes.map((n) => n.messageKey)).toEqual(['deliveryCancelled']);
  });

  it('after pickup: 409 DELIVERY_NOT_CANCELLABLE and no refund', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await paidDelivery(u.headers, u.user.id);
    await assignNewDriver(t, operator.headers, d.id);
    expect((await move(d.id, 'picked_up')).statusCode).toBe(200);
    const res = await post(`/api/deliveries/${d.id}/cancel`, u.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DELIVERY_NOT_CANCELLABLE');
    expect(await balanceOf(t, u.user.id)).toBe(0);
  });
});

describe('tracking and dispatch', () => {
  it('follows the real history: steps, driver, estimated delivery, package details', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await paidDelivery(u.headers, u.user.id);
    const track = async (id = d.trackingId) => {
      const res = await get(`/api/tracking/${encodeURIComponent(id)}`, u.headers);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const states = (r: { steps: { state: string }[] }) => r.steps.map((s) => s.state);

    let r = await track();
    expect(r).toMatchObject({ trackingId: d.trackingId, deliveryId: d.id, status: 'pending', driver: null });
    expect(states(r)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // A window from the payment (booked for tomorrow's morning slot: inside it, or later).
    expect(Date.parse(r.estimatedDelivery.from)).toBeGreaterThan(Date.parse(d.paidAt));
    expect(Date.parse(r.estimatedDelivery.to)).toBeGreaterThan(Date.parse(r.estimatedDelivery.from));
    expect(r.packageDetails).toMatchObject({
      type: 'documents',
      weight: 'light',
      recipient: 'Chinedu Eze',
      recipientPhone: '+2348031234567',
    });
    expect(r.steps.map((s: { key: string }) => s.key)).toEqual([
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);

    // Lower case, spaces, no dashes: the same id.
    r = await track(d.trackingId.toLowerCase().replaceAll('-', ' '));
    expect(r.trackingId).toBe(d.trackingId);

    const musa = await createSignedInDriver(t.deps, { transportMode: 'bike' });
    const assign = await post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, { driverId: musa.user.id });
    expect(assign.statusCode).toBe(200);
    expect((await track()).driver).toEqual({ name: 'Musa Bello', phone: musa.user.phone, rating: 0, reviews: 0 });

    expect((await move(d.id, 'picked_up')).statusCode).toBe(200);
    expect(states(await track())).toEqual(['current', 'pending', 'pending', 'pending']);
    expect((await move(d.id, 'in_transit')).statusCode).toBe(200);
    r = await track();
    expect(states(r)).toEqual(['completed', 'current', 'pending', 'pending']);
    expect(r.steps[0].at).toBeTruthy();
    expect(r.displayStatus).toBe('in_transit');
    expect((await move(d.id, 'out_for_delivery')).statusCode).toBe(200);
    expect(states(await track())).toEqual(['completed', 'completed', 'current', 'pending']);
    expect((await move(d.id, 'delivered')).json().code).toBe('HANDOVER_REQUIRED');
    expect((await post(`/api/dispatch/deliveries/${d.id}/complete`, operator.headers, { note: 'Receiver confirmed' })).statusCode).toBe(200);
    r = await track();
    expect(states(r)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(r.estimatedDelivery).toEqual({ from: r.steps[3].at, to: r.steps[3].at });

    const notes = await t.deps.db.select().from(notifications).where(eq(notifications.userId, u.user.id));
    expect(notes.map((n) => n.messageKey).sort()).toEqual(
      [
        'deliveryPaid',
        'driverAssigned',
        'deliveryPickedUp',
        'deliveryInTransit',
        'deliveryOutForDelivery',
        'deliveryDelivered',
      ].sort(),
    );
  });

  it('blank ids get the spec message; unknown and foreign ids say so clearly', async () => {
    const u = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    const d = await paidDelivery(other.headers, other.user.id);
    for (const blank of ['%20', '%20%20%20', '']) {
      const res = await get(`/api/tracking/${blank}`, u.headers);
      expect(res.statusCode, `"${blank}"`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_TRACKING_ID', message: ERROR_MESSAGES.INVALID_TRACKING_ID });
    }
    for (const id of ['LF-2222-2222', 'LF001', 'hello', d.trackingId, 'x'.repeat(40)]) {
      const res = await get(`/api/tracking/${encodeURIComponent(id)}`, u.headers);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({ code: 'TRACKING_NOT_FOUND', message: ERROR_MESSAGES.TRACKING_NOT_FOUND });
    }
    expect((await get(`/api/tracking/${'x'.repeat(41)}`, u.headers)).statusCode).toBe(400);
  });

  it("finds the owner's delivery by its delivery id too (LF008, as My Deliveries shows it); never another's or an unpaid one", async () => {
    const u = await createSignedInUser(t.deps);
    const mine = await paidDelivery(u.headers, u.user.id);
    for (const id of [mine.id, mine.id.toLowerCase(), ` ${mine.id} `]) {
      const res = await get(`/api/tracking/${encodeURIComponent(id)}`, u.headers);
      expect(res.statusCode, id).toBe(200);
      expect(res.json().data).toMatchObject({ trackingId: mine.trackingId, deliveryId: mine.id });
    }
    const other = await createSignedInUser(t.deps);
    const theirs = await paidDelivery(other.headers, other.user.id);
    const unpaid = await book(t, u.headers);
    for (const id of [theirs.id, unpaid.id]) {
      const res = await get(`/api/tracking/${id}`, u.headers);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().code).toBe('TRACKING_NOT_FOUND');
    }
  });

  it('dispatch: operators only, forward one step at a time, bad bodies rejected', async () => {
    const u = await createSignedInUser(t.deps);
    const d = await paidDelivery(u.headers, u.user.id);
    const customer = await post(`/api/dispatch/deliveries/${d.id}/status`, u.headers, { status: 'picked_up' });
    expect(customer.statusCode).toBe(403);
    expect((await post(`/api/dispatch/deliveries/${d.id}/status`, {}, { status: 'picked_up' })).statusCode).toBe(401);
    expect((await move(d.id, 'delivered')).json().code).toBe('INVALID_STATUS_TRANSITION');
    expect((await move(d.id, 'cancelled')).statusCode).toBe(409);
    expect((await move(d.id, 'flying')).statusCode).toBe(400);
    expect((await move('LF99999999', 'picked_up')).statusCode).toBe(404);
    const unpaid = await book(t, u.headers);
    expect((await move(unpaid.id, 'picked_up')).statusCode).toBe(409);
    const driver = (body: object) => post(`/api/dispatch/deliveries/${d.id}/assign-driver`, operator.headers, body);
    expect((await driver({})).statusCode).toBe(400);
    expect((await driver({ driverId: 'nope' })).statusCode).toBe(400);
    // A customer who is not a driver cannot be assigned.
    expect((await driver({ driverId: u.user.id })).statusCode).toBe(404);
    const musa = await createSignedInDriver(t.deps);
    expect((await post(`/api/dispatch/deliveries/${unpaid.id}/assign-driver`, operator.headers, { driverId: musa.user.id })).statusCode).toBe(409);
  });
});

describe('notifications', () => {
  it('lists newest first, counts unread, marks read (own only)', async () => {
    const u = await createSignedInUser(t.deps);
    const other = await createSignedInUser(t.deps);
    const d = await paidDelivery(u.headers, u.user.id);
    await post(`/api/deliveries/${d.id}/cancel`, u.headers);
    const list = (await get('/api/notifications', u.headers)).json().data;
    expect(list.nextCursor).toBeNull();
    expect(list.items.map((n: { messageKey: string }) => n.messageKey)).toEqual([
      'deliveryCancelledRefunded',
      'deliveryPaid',
    ]);
    expect(list.items[0]).toMatchObject({ type: 'delivery', read: false });
    expect((await get('/api/notifications/unread-count', u.headers)).json().data).toEqual({ count: 2 });
    const id = list.items[0].id;
    expect((await post(`/api/notifications/${id}/read`, other.headers)).statusCode).toBe(404);
    const read = await post(`/api/notifications/${id}/read`, u.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.read).toBe(true);
    expect((await post(`/api/notifications/${id}/read`, u.headers)).statusCode).toBe(200);
    expect((await get('/api/notifications/unread-count', u.headers)).json().data).toEqual({ count: 1 });
    expect((await get('/api/notifications?unread=true', u.headers)).json().data.items).toHaveLength(1);
    const first = (await get('/api/notifications?limit=1', u.headers)).json().data;
    expect(first.items).toHaveLength(1);
    const second = (await get(`/api/notifications?limit=1&cursor=${first.nextCursor}`, u.headers)).json().data;
    expect(second).toEqual({ items: [expect.objectContaining({ id: list.items[1].id })], nextCursor: null });
    expect((await get('/api/notifications?cursor=bogus!', u.headers)).json().code).toBe('INVALID_CURSOR');
    expect((await post('/api/notifications/not-a-uuid/read', u.headers)).statusCode).toBe(400);
    expect((await get('/api/notifications?limit=500', u.headers)).statusCode).toBe(400);
  });
});

describe("ownership: another user's delivery is 404 on every route", () => {
  it('book, edit, read, cancel, pay, verify, track', async () => {
    const owner = await createSignedInUser(t.deps);
    const stranger = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, stranger.user.id, 10_000_000);
    const paid = await paidDelivery(owner.headers, owner.user.id);
    const unpaid = await book(t, owner.headers);
    const card = (await post('/api/payments/initiate', owner.headers, { deliveryId: unpaid.id, method: 'card' })).json()
      .data;

    const attempts = [
      post(`/api/update-booking/${unpaid.id}`, stranger.headers, bookingBody()),
      get(`/api/deliveries/${unpaid.id}`, stranger.headers),
      get(`/api/deliveries/${paid.id}`, stranger.headers),
      post(`/api/deliveries/${unpaid.id}/cancel`, stranger.headers),
      post(`/api/deliveries/${paid.id}/cancel`, stranger.headers),
      post('/api/payments/initiate', stranger.headers, { deliveryId: unpaid.id, method: 'wallet' }),
      post('/api/payments/initiate', stranger.headers, { deliveryId: unpaid.id, method: 'card' }),
      post(`/api/payments/verify?reference=${card.reference}&delivery_id=${unpaid.id}`, stranger.headers),
      get(`/api/tracking/${paid.trackingId}`, stranger.headers),
    ];
    for (const [index, res] of (await Promise.all(attempts)).entries()) {
      expect(res.statusCode, `attempt ${index}`).toBe(404);
      expect(res.json().success).toBe(false);
    }
    const list = (await get('/api/deliveries', stranger.headers)).json().data;
    expect(list).toEqual({ items: [], nextCursor: null });
    const summary = (await get('/api/dashboard/summary', stranger.headers)).json().data;
    expect(summary.recentDeliveries).toEqual([]);
    // Nothing changed for the owner, nothing was taken from the stranger.
    expect((await get(`/api/deliveries/${unpaid.id}`, owner.headers)).json().data.status).toBe('awaiting_payment');
    expect((await get(`/api/deliveries/${paid.id}`, owner.headers)).json().data.status).toBe('pending');
    expect(await balanceOf(t, stranger.user.id)).toBe(10_000_000);
  });

  it('every route needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/deliveries'],
      ['GET', '/api/deliveries/LF001'],
      ['GET', '/api/dashboard/summary'],
      ['POST', '/api/deliveries/LF001/cancel'],
      ['POST', '/api/payments/initiate'],
      ['POST', '/api/payments/verify?reference=a&delivery_id=LF001'],
      ['GET', '/api/tracking/LF-2222-2222'],
      ['GET', '/api/notifications'],
      ['GET', '/api/wallet'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
