import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { loadEnv } from '../../config/env.js';
import { deliveries, quotes } from '../../db/schema/index.js';
import { RATE_CARD, priceTrip, tripOf } from '../../../shared/pricing.js';
import { lagosDate } from '../deliveries/delivery-view.js';
import { bookingBody, payWithWallet } from '../../test/delivery-test-helpers.js';
import type { Place } from '../../../shared/schemas/places.js';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createSignedInUser>>;
let bob: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  t = await createTestApp({ PLACES_RATE_LIMIT_PER_MINUTE: '1000' });
  [alice, bob] = await Promise.all([createSignedInUser(t.deps), createSignedInUser(t.deps)]);
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const post = (url: string, headers: Headers, payload: unknown) => t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => lagosDate(new Date(Date.now() + DAY));

async function search(q: string): Promise<Place[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/places?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

async function placeId(q: string) {
  const [first] = await search(q);
  return first!.id;
}

const options = {
  packageType: 'documents',
  packageWeight: 'light',
  transportMode: 'van',
  deliveryType: 'standard',
  deliveryTime: 'afternoon',
} as const;

async function quote(headers: Headers, body: Record<string, unknown>) {
  return post('/api/quotes', headers, { deliveryDate: tomorrow(), ...options, ...body });
}

describe('GET /api/places', () => {
  it.each([
    ['ikeja city mall', 'Ikeja City Mall'],
    ['Ariaria', 'Ariaria International Market'],
    ['oshodi', 'Oshodi'],
    ['Wuse 2', 'Wuse 2'],
    ['kano', 'Kano'],
    ['IKEJA  CITY-MALL', 'Ikeja City Mall'],
    ['ikja city mal', 'Ikeja City Mall'],
    ['wuse ii', 'Wuse 2'],
    ['Ibadan', 'Ibadan'],
    ['benin city', 'Benin City'],
    ['Aba', 'Aba'],
    ['onitsha', 'Onitsha'],
    ['Asaba', 'Asaba'],
    ['yola', 'Yola'],
  ])('finds the obvious place first for "%s"', async (q, name) => {
    const [first] = await search(q);
    expect(first?.name).toBe(name);
  });

  it('finds every state capital first, in its state (decision 092)', async () => {
    const states = createRequire(import.meta.url)('locations-ng/data/states.json') as { name: string; capital: string }[];
    expect(states).toHaveLength(37);
    const missed: string[] = [];
    for (const { name, capital } of states) {
      const [first] = await search(capital);
      // Abuja is the FCT's other name: the state's entry sits at it.
      const named = first?.kind === 'state' || first?.name.toLowerCase().startsWith(capital.toLowerCase().split(/[\s-]/)[0]!);
      if (!first || first.state !== name || !named) missed.push(`${capital}: ${first?.name}, ${first?.state}`);
    }
    expect(missed).toEqual([]);
  });

  it('answers at most 20 places with their LGA, state and point, publicly', async () => {
    const items = await search('a');
    expect(items.length).toBe(20);
    const [mall] = await search('ikeja city mall');
    expect(mall).toMatchObject({ kind: 'landmark', lga: 'Ikeja', state: 'Lagos' });
    expect(mall!.lat).toBeGreaterThan(6.5);
    expect(mall!.lng).toBeGreaterThan(3.3);
    const [kano] = await search('kano');
    expect(kano).toMatchObject({ kind: 'state', lga: null, state: 'Kano' });
    // A city spans several LGAs; one named like its state is the state's entry, which sits at it.
    const [ibadan] = await search('ibadan');
    expect(ibadan).toMatchObject({ id: 'oyo.ibadan', kind: 'city', lga: null, state: 'Oyo' });
    expect((await search('kano')).filter((place) => place.name === 'Kano')).toHaveLength(1);
  });

  it('ignores diacritics', async () => {
    expect((await search('Ọ̀shodi'))[0]?.name).toBe('Oshodi');
  });

  it.each([
    ['missing', '/api/places'],
    ['empty', '/api/places?q='],
    ['blank', '/api/places?q=%20%20'],
    ['over 100 characters', `/api/places?q=${'a'.repeat(101)}`],
  ])('refuses a %s query with 400', async (_name, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().detailKeys.q).toContain('places.validation.query');
  });

  it('is rate-limited per IP', async () => {
    const limited = await createTestApp({ PLACES_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/api/places?q=yaba' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('the address book', () => {
  it('saves, lists, changes and deletes addresses; another user sees a 404', async () => {
    const user = await createSignedInUser(t.deps);
    const created = await post('/api/addresses', user.headers, {
      label: 'Shop',
      line: '14 Allen Avenue',
      directions: 'blue gate opposite the mosque',
      placeId: await placeId('ikeja city mall'),
      contactPhone: '+2348031234567',
    });
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json().data;
    expect(address).toMatchObject({ label: 'Shop', lga: 'Ikeja', state: 'Lagos', directions: 'blue gate opposite the mosque' });

    const list = await t.app.inject({ method: 'GET', url: '/api/addresses', headers: user.headers });
    expect(list.json().data.items.map((a: { id: string }) => a.id)).toEqual([address.id]);

    const patched = await t.app.inject({ method: 'PATCH', url: `/api/addresses/${address.id}`, headers: user.headers, payload: { label: 'Main shop' } });
    expect(patched.json().data.label).toBe('Main shop');

    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/addresses/${address.id}`, headers: bob.headers, payload: { label: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ADDRESS_NOT_FOUND');
    }
    const bobsList = await t.app.inject({ method: 'GET', url: '/api/addresses', headers: bob.headers });
    expect(bobsList.json().data.items).toEqual([]);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/addresses/${address.id}`, headers: user.headers });
    expect(deleted.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/addresses', headers: user.headers })).json().data.items).toEqual([]);
  });

  it('keeps at most 100 addresses, even when saved in parallel: the 101st gets 409 ADDRESS_LIMIT', async () => {
    const user = await createSignedInUser(t.deps);
    const yaba = await placeId('yaba');
    const results = await Promise.all(
      Array.from({ length: 104 }, (_, i) => post('/api/addresses', user.headers, { label: `Customer ${i}`, line: `${i} Herbert Macaulay Way`, placeId: yaba })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(100);
    expect(codes.filter((c) => c === 409)).toHaveLength(4);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'ADDRESS_LIMIT', params: { limit: 100 } });
  });

  it('refuses an unknown place (422), a point outside Nigeria (422) and a bad label (400)', async () => {
    const unknown = await post('/api/addresses', alice.headers, { label: 'x', line: '1 Road', placeId: 'nowhere.at-all' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', detailKeys: { placeId: ['places.validation.placeUnknown'] } });
    const london = await post('/api/addresses', alice.headers, { label: 'x', line: '1 Road', lat: 51.5, lng: -0.12 });
    expect(london.statusCode).toBe(422);
    expect(london.json().code).toBe('OUTSIDE_SERVICE_AREA');
    const noLabel = await post('/api/addresses', alice.headers, { label: ' ', line: '1 Road', placeId: await placeId('yaba') });
    expect(noLabel.statusCode).toBe(400);
    const point = await post('/api/addresses', alice.headers, { label: 'Depot', line: 'Plot 5', lat: 6.5244, lng: 3.3792 });
    expect(point.statusCode).toBe(201);
    expect(point.json().data).toMatchObject({ placeId: null, state: 'Lagos' });
  });
});

describe('POST /api/quotes', () => {
  it('prices the trip with the tariff and holds it for 15 minutes', async () => {
    const [pickup, dropoff] = [(await search('ikeja city mall'))[0]!, (await search('lekki phase 1'))[0]!];
    const before = Date.now();
    const res = await quote(alice.headers, { pickup: { placeId: pickup.id, line: '194 Obafemi Awolowo Way' }, dropoff: { placeId: dropoff.id, line: '12 Admiralty Way' } });
    expect(res.statusCode, res.body).toBe(201);
    const q = res.json().data;
    const trip = tripOf(RATE_CARD, { pickup, dropoff });
    expect(q).toMatchObject({ distanceMeters: trip.distanceMeters, interstate: false, price: priceTrip(RATE_CARD, trip, options) });
    expect(q.distanceMeters).toBeGreaterThan(15_000);
    const expiresIn = Date.parse(q.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(15 * 60 * 1000 - 2000);
    expect(expiresIn).toBeLessThan(15 * 60 * 1000 + 2000);
    expect(Date.parse(q.estimatedDelivery.to)).toBeGreaterThan(Date.parse(q.estimatedDelivery.from));
  });

  it('says interstate, and refuses a bike between states with the reason', async () => {
    const lagos = await placeId('ikeja city mall');
    const kano = await placeId('kano');
    const truck = await quote(alice.headers, { pickup: { placeId: lagos, line: 'Gate 2' }, dropoff: { placeId: kano, line: 'Sabon Gari' }, transportMode: 'truck', packageWeight: 'heavy', packageType: 'other' });
    expect(truck.statusCode, truck.body).toBe(201);
    expect(truck.json().data.interstate).toBe(true);
    expect(truck.json().data.price.total).toBeGreaterThanOrEqual(50 * 270_000);
    const bike = await quote(alice.headers, { pickup: { placeId: lagos, line: 'Gate 2' }, dropoff: { placeId: kano, line: 'Sabon Gari' }, transportMode: 'bike' });
    expect(bike.statusCode).toBe(422);
    expect(bike.json()).toMatchObject({ code: 'MODE_NOT_AVAILABLE', params: { reason: 'interstate' }, detailKeys: { transportMode: ['quotes.unavailable.interstate'] } });
    const sameDay = await quote(alice.headers, { pickup: { placeId: lagos, line: 'Gate 2' }, dropoff: { placeId: kano, line: 'Sabon Gari' }, transportMode: 'truck', deliveryType: 'same_day' });
    expect(sameDay.statusCode).toBe(422);
    expect(sameDay.json().params.reason).toBe('same_day_too_far');
  });

  it('quotes from saved addresses and points; another user’s address is unknown (422 naming the field)', async () => {
    const saved = await post('/api/addresses', alice.headers, { label: 'Home', line: '3 Glover Road', placeId: await placeId('ikoyi') });
    const addressId = saved.json().data.id;
    const res = await quote(alice.headers, { pickup: { addressId }, dropoff: { lat: 6.5095, lng: 3.376, line: 'Plot 9' } });
    expect(res.statusCode, res.body).toBe(201);
    const theirs = await quote(bob.headers, { pickup: { addressId }, dropoff: { lat: 6.5095, lng: 3.376, line: 'Plot 9' } });
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', detailKeys: { 'pickup.addressId': ['places.validation.addressUnknown'] } });
  });

  it.each([
    ['an unknown placeId', { pickup: { placeId: 'lagos.nowhere', line: '1 Road' } }, 422, 'LOCATION_NOT_FOUND'],
    ['an unknown addressId', { pickup: { addressId: '00000000-0000-4000-8000-000000000000' } }, 422, 'LOCATION_NOT_FOUND'],
    ['a point outside Nigeria', { pickup: { lat: 51.5, lng: -0.12, line: '1 Road' } }, 422, 'OUTSIDE_SERVICE_AREA'],
    ['the same pickup and dropoff', { pickup: { placeId: 'lagos.lagos-mainland.yaba', line: '1 Road' }, dropoff: { placeId: 'lagos.lagos-mainland.yaba', line: '1 Road' } }, 422, 'SAME_PICKUP_AND_DROPOFF'],
    ['a date in the past', { deliveryDate: '2020-01-01' }, 422, 'DELIVERY_DATE_OUT_OF_RANGE'],
    ['a date 31 days ahead', { deliveryDate: lagosDate(new Date(Date.now() + 31 * DAY)) }, 422, 'DELIVERY_DATE_OUT_OF_RANGE'],
    ['a location of two kinds', { pickup: { placeId: 'lagos.lagos-mainland.yaba', lat: 6.5, lng: 3.3, line: '1 Road' } }, 400, 'VALIDATION_FAILED'],
    ['a place without its line', { pickup: { placeId: 'lagos.lagos-mainland.yaba' } }, 400, 'VALIDATION_FAILED'],
    ['a latitude without longitude', { pickup: { lat: 6.5, line: '1 Road' } }, 400, 'VALIDATION_FAILED'],
    ['a line over 200 characters', { pickup: { placeId: 'lagos.lagos-mainland.yaba', line: 'x'.repeat(201) } }, 400, 'VALIDATION_FAILED'],
    ['directions over 300 characters', { pickup: { placeId: 'lagos.lagos-mainland.yaba', line: '1 Road', directions: 'x'.repeat(301) } }, 400, 'VALIDATION_FAILED'],
  ])('refuses %s', async (_name, body, status, code) => {
    const res = await quote(alice.headers, { pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '1 Road' }, dropoff: { placeId: 'lagos.eti-osa.ikoyi', line: '2 Road' }, ...body });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
  });

  describe('the booked day and slot', () => {
    // The clock is set to a Lagos hour of yesterday, so never ahead of the real one (a session idle for the hours in
    // between would be signed out); only Date is faked, so timers and the database run as usual.
    const atLagosHour = (hour: number) => {
      const yesterday = lagosDate(new Date(Date.now() - DAY));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${yesterday}T${String(hour - 1).padStart(2, '0')}:30:00Z`));
      return yesterday;
    };
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a slot of today that has ended, naming the delivery time', async () => {
      const today = atLagosHour(13);
      const trip = { pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '1 Road' }, dropoff: { placeId: 'lagos.eti-osa.ikoyi', line: '2 Road' } };
      const ended = await quote(alice.headers, { ...trip, deliveryDate: today, deliveryTime: 'morning' });
      expect(ended.statusCode, ended.body).toBe(422);
      expect(ended.json()).toMatchObject({ code: 'DELIVERY_SCHEDULE_UNAVAILABLE', params: { reason: 'slot_ended' }, detailKeys: { deliveryTime: ['booking.validation.deliveryTimeEnded'] } });
      const current = await quote(alice.headers, { ...trip, deliveryDate: today, deliveryTime: 'afternoon' });
      expect(current.statusCode, current.body).toBe(201);
    });

    it('refuses Same Day that would arrive after the day, and farther than a day of driving', async () => {
      const today = atLagosHour(16);
      const trip = { pickup: { placeId: await placeId('ikeja city mall'), line: 'Gate 2' }, dropoff: { placeId: await placeId('benin city'), line: 'Ring Road' }, transportMode: 'car', deliveryType: 'same_day' };
      const late = await quote(alice.headers, { ...trip, deliveryDate: today, deliveryTime: 'afternoon' });
      expect(late.statusCode, late.body).toBe(422);
      expect(late.json()).toMatchObject({ code: 'DELIVERY_SCHEDULE_UNAVAILABLE', params: { reason: 'same_day_too_late' }, detailKeys: { deliveryType: ['booking.validation.sameDayTooLate'] } });
      const morning = await quote(alice.headers, { ...trip, deliveryDate: tomorrow(), deliveryTime: 'morning' });
      expect(morning.statusCode, morning.body).toBe(201);
      const { estimatedDelivery } = morning.json().data;
      expect(lagosDate(new Date(estimatedDelivery.to))).toBe(tomorrow());
      // Lagos to Abuja: about 690 km of road, more than a car drives in a day.
      const abuja = await quote(alice.headers, { ...trip, dropoff: { placeId: await placeId('wuse 2'), line: 'Plot 9' }, deliveryDate: tomorrow(), deliveryTime: 'morning' });
      expect(abuja.statusCode, abuja.body).toBe(422);
      expect(abuja.json().params.reason).toBe('same_day_too_far');
    });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quotes', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('booking by quote', () => {
  async function newQuote(headers: Headers) {
    const res = await quote(headers, { pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '194 Obafemi Awolowo Way' }, dropoff: { placeId: 'lagos.eti-osa.lekki-phase-1', line: '12 Admiralty Way' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; price: { total: number }; distanceMeters: number };
  }
  const receiver = { receiverName: 'Chinedu Eze', receiverPhone: '+2348031234567', description: 'Invoices' };

  it("charges the quote's price once: a second booking with it is 409 QUOTE_USED", async () => {
    const q = await newQuote(alice.headers);
    const booked = await post('/api/book-delivery', alice.headers, { quoteId: q.id, ...receiver });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data).toMatchObject({ price: q.price, distanceMeters: q.distanceMeters, interstate: false, transportMode: 'van' });
    expect(booked.json().data.pickupLocation).toBe('194 Obafemi Awolowo Way, Ikeja City Mall, Lagos');
    const again = await post('/api/book-delivery', alice.headers, { quoteId: q.id, ...receiver });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUOTE_USED');
  });

  it('refuses an expired quote (410) and another user’s quote (404)', async () => {
    const q = await newQuote(alice.headers);
    const theirs = await post('/api/book-delivery', bob.headers, { quoteId: q.id, ...receiver });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('QUOTE_NOT_FOUND');
    await t.deps.db.update(quotes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(quotes.id, q.id));
    const expired = await post('/api/book-delivery', alice.headers, { quoteId: q.id, ...receiver });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('QUOTE_EXPIRED');
  });

  it('uses a quote once under 20 parallel bookings', async () => {
    const q = await newQuote(alice.headers);
    const results = await Promise.all(Array.from({ length: 20 }, () => post('/api/book-delivery', alice.headers, { quoteId: q.id, ...receiver })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });

  it('keeps a given quote’s price when the rate card changes', async () => {
    const q = await newQuote(alice.headers);
    const dearer = { ...RATE_CARD, version: 'dearer', modes: { ...RATE_CARD.modes, van: { ...RATE_CARD.modes.van, perKm: RATE_CARD.modes.van.perKm * 2 } } };
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://' });
    const second = await buildApp({ env, database: t.database, logger: false, rateCard: dearer });
    try {
      await second.app.ready();
      const card = await second.app.inject({ method: 'GET', url: '/api/rate-card' });
      expect(card.json().data.version).toBe('dearer');
      const fresh = await second.app.inject({ method: 'POST', url: '/api/quotes', headers: alice.headers, payload: { deliveryDate: tomorrow(), ...options, pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '194 Obafemi Awolowo Way' }, dropoff: { placeId: 'lagos.eti-osa.lekki-phase-1', line: '12 Admiralty Way' } } });
      expect(fresh.json().data.price.total).toBeGreaterThan(q.price.total);
      const booked = await second.app.inject({ method: 'POST', url: '/api/book-delivery', headers: alice.headers, payload: { quoteId: q.id, ...receiver } });
      expect(booked.statusCode, booked.body).toBe(201);
      expect(booked.json().data.price).toEqual(q.price);
    } finally {
      await second.app.close();
    }
  });

  it("books with today's fields too, quoting internally from the typed places", async () => {
    const res = await post('/api/book-delivery', alice.headers, bookingBody({ pickupLocation: 'Computer Village, Ikeja, Lagos', dropoffLocation: '5 Bode Thomas Street, Surulere', transportMode: 'car' }));
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d.pickupLocation).toBe('Computer Village, Ikeja, Lagos');
    expect(d.distanceMeters).toBeGreaterThan(5_000);
    expect(d.price.total).toBeGreaterThan(270_000);
    const unknown = await post('/api/book-delivery', alice.headers, bookingBody({ dropoffLocation: 'Narnia' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', detailKeys: { dropoffLocation: ['places.validation.locationText'] } });
  });

  it('books with place objects, and refuses the same pickup and dropoff', async () => {
    const places = { pickup: { placeId: 'lagos.ikeja.ikeja-city-mall', line: '1 Road' }, dropoff: { placeId: 'lagos.lagos-mainland.yaba', line: '2 Road' } };
    const res = await post('/api/book-delivery', alice.headers, bookingBody({ pickupLocation: undefined, dropoffLocation: undefined, ...places }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.dropoffLocation).toBe('2 Road, Yaba, Lagos');
    const same = await post('/api/book-delivery', alice.headers, bookingBody({ ...places, dropoff: places.pickup }));
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('SAME_PICKUP_AND_DROPOFF');
    const sameText = await post('/api/book-delivery', alice.headers, bookingBody({ pickupLocation: '3 Herbert Macaulay Way, Yaba', dropoffLocation: ' 3 herbert macaulay way, yaba ' }));
    expect(sameText.statusCode).toBe(422);
    expect(sameText.json().code).toBe('SAME_PICKUP_AND_DROPOFF');
  });
});

describe('the estimated delivery', () => {
  const MINUTE = 60_000;

  async function bookAndPay(overrides: Record<string, unknown>) {
    const user = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, user.user.id, 100_000_000);
    const booked = await post('/api/book-delivery', user.headers, bookingBody(overrides));
    expect(booked.statusCode, booked.body).toBe(201);
    const paid = await payWithWallet(t, user.headers, booked.json().data.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const delivery = await t.app.inject({ method: 'GET', url: `/api/deliveries/${booked.json().data.id}`, headers: user.headers });
    const d = delivery.json().data;
    return { d, window: { from: Date.parse(d.estimatedDelivery.from), to: Date.parse(d.estimatedDelivery.to) }, paidAt: Date.parse(d.paidAt), user };
  }

  it('runs from the payment for an immediate delivery, in minutes, and shows in My Deliveries and tracking', async () => {
    // Today's evening slot ends at 22:00 Lagos time: before then, a booking for today is immediate.
    const lagosHour = new Date(Date.now() + 60 * MINUTE).getUTCHours();
    const slot = lagosHour < 12 ? 'morning' : lagosHour < 18 ? 'afternoon' : lagosHour < 22 ? 'evening' : null;
    // After 22:00 today's slots have ended: tomorrow morning's booking is the nearest.
    const { d, window, paidAt, user } = await bookAndPay(slot ? { deliveryDate: lagosDate(new Date()), deliveryTime: slot } : { deliveryDate: tomorrow(), deliveryTime: 'morning' });
    if (slot && lagosHour >= 8) {
      expect(window.from - paidAt).toBeGreaterThan(10 * MINUTE);
      expect(window.to - paidAt).toBeLessThan(3 * 60 * MINUTE);
    }
    const list = await t.app.inject({ method: 'GET', url: '/api/deliveries', headers: user.headers });
    expect(list.json().data.items[0].estimatedDelivery).toEqual(d.estimatedDelivery);
    const tracked = await t.app.inject({ method: 'GET', url: `/api/tracking/${d.trackingId}`, headers: user.headers });
    expect(tracked.json().data.estimatedDelivery).toEqual(d.estimatedDelivery);
    const shown = await t.app.inject({ method: 'GET', url: `/api/track/${d.trackingId}` });
    expect(shown.json().data.estimatedDelivery).toEqual(d.estimatedDelivery);
  });

  it('falls in the booked slot for a later day', async () => {
    const date = lagosDate(new Date(Date.now() + 2 * DAY));
    const { window } = await bookAndPay({ deliveryDate: date, deliveryTime: 'afternoon' });
    expect(window.from).toBeGreaterThanOrEqual(Date.parse(`${date}T11:00:00Z`));
    expect(window.to).toBe(Date.parse(`${date}T17:00:00Z`));
  });

  it('counts days for an interstate trip', async () => {
    const { d, window, paidAt } = await bookAndPay({ pickupLocation: 'Apapa Wharf, Lagos', dropoffLocation: 'Sabon Gari, Kano', transportMode: 'truck', packageWeight: 'heavy', deliveryDate: tomorrow(), deliveryTime: 'morning' });
    expect(d.interstate).toBe(true);
    expect(window.from - paidAt).toBeGreaterThan(DAY);
    expect(window.to - window.from).toBeGreaterThanOrEqual(DAY);
  });
});

describe('a delivery booked before distances existed', () => {
  it('keeps working: distance unknown, and its estimate stays the payment plus 45 minutes', async () => {
    const user = await createSignedInUser(t.deps);
    await fundWallet(t.deps.db, user.user.id, 1_000_000);
    const booked = await post('/api/book-delivery', user.headers, bookingBody());
    const id = booked.json().data.id as string;
    // As migration 0009 left every earlier row: no points, no distance, no quote.
    await t.deps.db
      .update(deliveries)
      .set({ pickupLat: null, pickupLng: null, dropoffLat: null, dropoffLng: null, distanceMeters: null, interstate: null, quoteId: null })
      .where(eq(deliveries.number, Number(id.slice(2))));
    expect((await payWithWallet(t, user.headers, id)).statusCode).toBe(200);
    const d = (await t.app.inject({ method: 'GET', url: `/api/deliveries/${id}`, headers: user.headers })).json().data;
    expect(d).toMatchObject({ distanceMeters: null, interstate: null });
    expect(Date.parse(d.estimatedDelivery.from) - Date.parse(d.paidAt)).toBe(45 * 60 * 1000);
    const list = (await t.app.inject({ method: 'GET', url: '/api/deliveries', headers: user.headers })).json().data;
    expect(list.items[0].estimatedDelivery).toEqual(d.estimatedDelivery);
    const tracked = await t.app.inject({ method: 'GET', url: `/track/${d.trackingId}` });
    expect(tracked.statusCode).toBe(200);
  });
});

describe('GET /api/rate-card', () => {
  it('is public and is the rate card', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/rate-card' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(JSON.parse(JSON.stringify(RATE_CARD)));
  });
});
