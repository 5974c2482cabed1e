import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import { RATE_CARD, priceTrip } from '../../../shared/pricing.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import { VALIDATION_MESSAGES } from '../../lib/messages.js';
import {
  BOOKING_MESSAGE_KEYS,
  DELIVERY_TYPES,
  PACKAGE_TYPES,
  PACKAGE_WEIGHTS,
  TRANSPORT_MODES,
} from '../../../shared/schemas/deliveries.js';
import { assignNewDriver, book, bookingBody, completeAsOperator, payWithWallet } from '../../test/delivery-test-helpers.js';
import { lagosDate } from './delivery-view.js';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSignedInUser(t.deps);
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

describe('POST /api/book-delivery', () => {
  it("prices every combination on the server with the tariff: a short trip keeps the specification's figures", async () => {
    const user = await createSignedInUser(t.deps);
    for (const packageType of PACKAGE_TYPES) {
      for (const packageWeight of PACKAGE_WEIGHTS) {
        for (const deliveryType of DELIVERY_TYPES) {
          const d = await book(t, user.headers, { packageType, packageWeight, deliveryType, transportMode: 'bike' });
          const trip = { distanceMeters: d.distanceMeters as number, interstate: false };
          expect(trip.distanceMeters).toBeLessThanOrEqual(RATE_CARD.includedMeters);
          expect(d.price, `${packageType}/${packageWeight}/${deliveryType}`).toEqual(
            priceTrip(RATE_CARD, trip, { packageType, packageWeight, deliveryType, transportMode: 'bike' }),
          );
        }
      }
    }
    const totals: number[] = [];
    for (const transportMode of TRANSPORT_MODES) {
      const d = await book(t, user.headers, { packageType: 'electronics', packageWeight: 'heavy', deliveryType: 'express', transportMode });
      totals.push(d.price.total);
    }
    // The specification's ₦3,800 by bike; a bigger vehicle never costs less.
    expect(totals[0]).toBe(380_000);
    expect([...totals].sort((x, y) => x - y)).toEqual(totals);
  });

  it('ignores any price the client sends', async () => {
    const res = await post('/api/book-delivery', alice.headers, {
      ...bookingBody({ packageType: 'electronics' }),
      price: { baseFare: 1, distanceFee: 1, serviceFee: 1, total: 3 },
      total: 3,
      totalKobo: 3,
      status: 'delivered',
      trackingId: 'LF-2222-2222',
    });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d.price.total).toBe(300_000);
    expect(d.status).toBe('awaiting_payment');
    expect(d.trackingId).toBeNull();
  });

  it("creates an awaiting-payment delivery with the price locked by its quote for 15 minutes", async () => {
    const before = Date.now();
    const d = await book(t, alice.headers);
    const lockedUntil = Date.parse(d.priceLockedUntil as string);
    expect(lockedUntil - before).toBeGreaterThanOrEqual(15 * 60 * 1000 - 1000);
    expect(lockedUntil - before).toBeLessThanOrEqual(15 * 60 * 1000 + 5000);
    expect(d).toMatchObject({ status: 'awaiting_payment', displayStatus: 'pending', canCancel: true, paidAt: null });
    expect(d.id).toMatch(/^LF\d{3,}$/);
    expect(d.date).toBe(lagosDate(new Date(d.createdAt as string)));
  });

  it('gives sequential LF ids, unique under concurrent creation', async () => {
    const users = await Promise.all([1, 2, 3].map(() => createSignedInUser(t.deps)));
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post('/api/book-delivery', users[i % 3]!.headers, bookingBody())),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
    const ids = results.map((r) => r.json().data.id as string);
    expect(new Set(ids).size).toBe(60);
    for (const id of ids) expect(id).toMatch(/^LF\d{3,}$/);
    const [row] = await t.deps.db.select({ min: sql<number>`min(${deliveries.number})` }).from(deliveries);
    expect(Number(row!.min)).toBe(1);
  });

  it('formats ids as LF001 … LF999, then LF1000', async () => {
    const { formatDeliveryId } = await import('../../../shared/ids.js');
    expect(formatDeliveryId(1)).toBe('LF001');
    expect(formatDeliveryId(42)).toBe('LF042');
    expect(formatDeliveryId(999)).toBe('LF999');
    expect(formatDeliveryId(1000)).toBe('LF1000');
  });

  describe('bad input: 400 with the spec messages, nothing written', () => {
    const cases: [string, Record<string, unknown>, keyof typeof VALIDATION_MESSAGES][] = [
      ['missing receiver name', { receiverName: undefined }, BOOKING_MESSAGE_KEYS.receiverName],
      ['blank receiver name', { receiverName: '   ' }, BOOKING_MESSAGE_KEYS.receiverName],
      ['missing receiver phone', { receiverPhone: undefined }, BOOKING_MESSAGE_KEYS.receiverPhone],
      ['bad phone', { receiverPhone: 'call me' }, BOOKING_MESSAGE_KEYS.receiverPhoneInvalid],
      ['missing pickup', { pickupLocation: '' }, BOOKING_MESSAGE_KEYS.pickupLocation],
      ['missing dropoff', { dropoffLocation: undefined }, BOOKING_MESSAGE_KEYS.dropoffLocation],
      ['unknown package type', { packageType: 'gold' }, BOOKING_MESSAGE_KEYS.packageType],
      ['missing weight', { packageWeight: undefined }, BOOKING_MESSAGE_KEYS.packageWeight],
      ['unknown transport', { transportMode: 'rocket' }, BOOKING_MESSAGE_KEYS.transportMode],
      ['"Express" is not a transport mode', { transportMode: 'express' }, BOOKING_MESSAGE_KEYS.transportMode],
      ['unknown delivery type', { deliveryType: 'yesterday' }, BOOKING_MESSAGE_KEYS.deliveryType],
      ['missing delivery time', { deliveryTime: undefined }, BOOKING_MESSAGE_KEYS.deliveryTime],
      ['missing date', { deliveryDate: undefined }, BOOKING_MESSAGE_KEYS.deliveryDate],
      ['not a date', { deliveryDate: '31/12/2030' }, BOOKING_MESSAGE_KEYS.deliveryDate],
      ['an overlong name', { receiverName: 'x'.repeat(101) }, BOOKING_MESSAGE_KEYS.tooLong],
      ['an overlong description', { description: 'x'.repeat(501) }, BOOKING_MESSAGE_KEYS.tooLong],
      ['a number where text belongs', { pickupLocation: 12345 }, BOOKING_MESSAGE_KEYS.pickupLocation],
    ];

    it.each(cases)('%s', async (_name, overrides, key) => {
      const user = await createSignedInUser(t.deps);
      const res = await post('/api/book-delivery', user.headers, bookingBody(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      // The web reads the key, API clients the catalogue's English for it.
      expect(Object.values(res.json().detailKeys).flat()).toContain(key);
      expect(Object.values(res.json().details).flat()).toContain(VALIDATION_MESSAGES[key]);
      const rows = await t.deps.db.select().from(deliveries).where(eq(deliveries.userId, user.user.id));
      expect(rows).toHaveLength(0);
    });

    it('rejects a body that is not JSON, an empty body and an array', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/book-delivery',
        headers: { ...alice.headers, 'content-type': 'application/json' },
        payload: '{"receiverName":',
      });
      expect(broken.statusCode).toBe(400);
      expect((await post('/api/book-delivery', alice.headers, [])).statusCode).toBe(400);
      expect((await post('/api/book-delivery', alice.headers)).statusCode).toBeGreaterThanOrEqual(400);
      expect((await post('/api/book-delivery', alice.headers)).statusCode).toBeLessThan(500);
    });

    it('needs a session', async () => {
      const res = await post('/api/book-delivery', {}, bookingBody());
      expect(res.statusCode).toBe(401);
    });
  });
});

describe('POST /api/update-booking/{id}', () => {
  it('re-prices an unpaid booking and renews the lock', async () => {
    const d = await book(t, alice.headers);
    await t.deps.db
      .update(deliveries)
      .set({ priceLockedUntil: new Date(Date.now() - 60_000) })
      .where(eq(deliveries.number, parseDeliveryId(d.id)!));
    const res = await post(`/api/update-booking/${d.id}`, alice.headers, {
      ...bookingBody({
        packageType: 'electronics',
        packageWeight: 'heavy',
        deliveryType: 'express',
        receiverName: 'Bola Ade',
      }),
      price: { total: 1 },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json().data;
    expect(updated.id).toBe(d.id);
    expect(updated.receiverName).toBe('Bola Ade');
    expect(updated.price.total).toBe(380_000);
    expect(Date.parse(updated.priceLockedUntil)).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
  });

  it('refuses to edit a paid delivery (409) and leaves it unchanged', async () => {
    const user = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, user.user.id, 1_000_000);
    const d = await book(t, user.headers);
    expect((await payWithWallet(t, user.headers, d.id)).statusCode).toBe(200);
    const res = await post(`/api/update-booking/${d.id}`, user.headers, bookingBody({ packageType: 'electronics' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DELIVERY_NOT_EDITABLE');
    const after = (await get(`/api/deliveries/${d.id}`, user.headers)).json().data;
    expect(after.price.total).toBe(d.price.total);
  });

  it('validates the edit like a new booking', async () => {
    const d = await book(t, alice.headers);
    const res = await post(`/api/update-booking/${d.id}`, alice.headers, bookingBody({ packageWeight: 'enormous' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(VALIDATION_MESSAGES[BOOKING_MESSAGE_KEYS.packageWeight]);
  });

  it('answers 404 for ids that do not exist or are malformed', async () => {
    for (const id of ['LF999999', 'nonsense', 'LF', '%20']) {
      const res = await post(`/api/update-booking/${id}`, alice.headers, bookingBody());
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describe('GET /api/deliveries and /api/dashboard/summary', () => {
  it('lists newest first, paginates on the server and filters by display status', async () => {
    const user = await createSignedInUser(t.deps);
    const operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
    await fundWallet(t.deps.db, user.user.id, 10_000_000);
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await book(t, user.headers, { receiverName: `Receiver ${i}` }));
    // LF of #0, #1 paid; #1 moves to in transit; #2 delivered; #3 cancelled.
    for (const d of created.slice(0, 3)) expect((await payWithWallet(t, user.headers, d.id)).statusCode).toBe(200);
    const move = (id: string, status: string) =>
      post(`/api/dispatch/deliveries/${id}/status`, operator.headers, { status });
    await assignNewDriver(t, operator.headers, created[1]!.id);
    await assignNewDriver(t, operator.headers, created[2]!.id);
    expect((await move(created[1]!.id, 'picked_up')).statusCode).toBe(200);
    for (const s of ['picked_up', 'in_transit', 'out_for_delivery']) {
      expect((await move(created[2]!.id, s)).statusCode).toBe(200);
    }
    expect((await completeAsOperator(t, operator.headers, created[2]!.id)).statusCode).toBe(200);
    expect((await post(`/api/deliveries/${created[3]!.id}/cancel`, user.headers)).statusCode).toBe(200);

    const page1 = (await get('/api/deliveries?limit=3', user.headers)).json().data;
    expect(page1).not.toHaveProperty('total');
    expect(page1.items.map((d: { id: string }) => d.id)).toEqual([created[6]!.id, created[5]!.id, created[4]!.id]);
    const page2 = (await get(`/api/deliveries?limit=3&cursor=${page1.nextCursor}`, user.headers)).json().data;
    expect(page2.items.map((d: { id: string }) => d.id)).toEqual([created[3]!.id, created[2]!.id, created[1]!.id]);
    const page3 = (await get(`/api/deliveries?limit=3&cursor=${page2.nextCursor}`, user.headers)).json().data;
    expect(page3).toEqual({ items: [expect.objectContaining({ id: created[0]!.id })], nextCursor: null });

    const ids = async (status: string) =>
      (await get(`/api/deliveries?status=${status}`, user.headers)).json().data.items.map((d: { id: string }) => d.id);
    expect(await ids('in_transit')).toEqual([created[1]!.id]);
    expect(await ids('delivered')).toEqual([created[2]!.id]);
    expect(await ids('cancelled')).toEqual([created[3]!.id]);
    expect(await ids('pending')).toEqual([created[6]!.id, created[5]!.id, created[4]!.id, created[0]!.id]);
    expect((await ids('all')).length).toBe(7);

    const summary = (await get('/api/dashboard/summary', user.headers)).json().data;
    // #0, paid and waiting for its pickup, is active as well as #1 on the road (decision 082).
    expect(summary.activeDeliveries).toBe(2);
    expect(summary.totalDelivered).toBe(1);
    expect(summary.totalSpent).toBe(3 * 270_000);
    expect(summary.walletBalance).toBe(10_000_000 - 3 * 270_000);
    expect(summary.recentDeliveries.map((d: { id: string }) => d.id)).toEqual([
      created[6]!.id,
      created[5]!.id,
      created[4]!.id,
    ]);

    // Cancelling a paid delivery refunds it and it no longer counts as spent.
    expect((await post(`/api/deliveries/${created[0]!.id}/cancel`, user.headers)).statusCode).toBe(200);
    const after = (await get('/api/dashboard/summary', user.headers)).json().data;
    expect(after.totalSpent).toBe(2 * 270_000);
    expect(after.activeDeliveries).toBe(1);
    expect(after.walletBalance).toBe(10_000_000 - 2 * 270_000);
  });

  it('bounds the query: a limit over 100 or under 1, unknown statuses and malformed cursors are 400', async () => {
    for (const q of ['limit=101', 'limit=0', 'limit=-1', 'status=lost', 'limit=abc']) {
      const res = await get(`/api/deliveries?${q}`, alice.headers);
      expect(res.statusCode, q).toBe(400);
    }
    const wrongKey = Buffer.from(JSON.stringify(['yesterday', 1])).toString('base64url');
    for (const cursor of ['not a cursor', 'abc', wrongKey, 'x'.repeat(201)]) {
      const res = await get(`/api/deliveries?cursor=${encodeURIComponent(cursor)}`, alice.headers);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().code, cursor).toBe(cursor.length > 200 ? 'VALIDATION_FAILED' : 'INVALID_CURSOR');
    }
    expect((await get('/api/deliveries?limit=100', alice.headers)).statusCode).toBe(200);
  });

  it('a new user has an empty dashboard', async () => {
    const user = await createSignedInUser(t.deps);
    const summary = (await get('/api/dashboard/summary', user.headers)).json().data;
    expect(summary).toEqual({
      activeDeliveries: 0,
      totalDelivered: 0,
      walletBalance: 0,
      totalSpent: 0,
      recentDeliveries: [],
    });
  });

  it('starts the delivery history at payment', async () => {
    const user = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, user.user.id, 270_000);
    const d = await book(t, user.headers);
    const [row] = await t.deps.db
      .select()
      .from(deliveries)
      .where(eq(deliveries.number, parseDeliveryId(d.id)!));
    const history = () => t.deps.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, row!.id));
    expect(await history()).toHaveLength(0);
    expect((await payWithWallet(t, user.headers, d.id)).statusCode).toBe(200);
    expect((await history()).map((e) => e.status)).toEqual(['pending']);
  });
});
