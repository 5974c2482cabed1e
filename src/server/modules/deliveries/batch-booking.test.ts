import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import type { ResolvedLocation } from '../../../shared/schemas/places.js';
import type { PricedTrip } from '../quotes/quotes-service.js';
import { createDeliveriesRepository, type DeliveryRow, type NewBooking } from './deliveries-repository.js';
import { createBatchBooking, type BatchBooking } from './batch-booking.js';
import { generateTrackingId } from './tracking-id.js';

/**
 * A bulk import books and pays its deliveries with multi-row statements (decision 055): each row and first event
 * must be exactly what one booking paid from the wallet writes.
 */
let t: TestApp;
let repository: ReturnType<typeof createDeliveriesRepository>;
beforeAll(async () => {
  t = await createTestApp();
  repository = createDeliveriesRepository(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

const at = new Date('2026-11-20T09:15:00.123Z');

/** A booking as the booking form writes it, a little different for each `i` (one without a description). */
function newBooking(userId: string, i: number): NewBooking {
  return {
    userId,
    receiverName: `Receiver ${i}`,
    receiverPhone: '+2348031234567',
    receiverLanguage: i % 2 ? 'yo' : 'en-US',
    pickupLocation: `${i} Ligali Ayorinde Street, Victoria Island, Lagos`,
    dropoffLocation: '5 Awolowo Road, Ikoyi, Lagos',
    packageType: 'documents',
    packageWeight: 'light',
    transportMode: i % 3 ? 'bike' : 'car',
    deliveryType: 'standard',
    deliveryTime: 'morning',
    deliveryDate: '2026-11-21',
    description: i % 2 ? null : `Order ${i}`,
    pickupLat: 6.4281,
    pickupLng: 3.4219,
    dropoffLat: 6.4474,
    dropoffLng: 3.4346,
    distanceMeters: 4_000 + i,
    interstate: false,
    quoteId: null,
    baseFareKobo: 150_000,
    distanceFeeKobo: 100_000 + i,
    serviceFeeKobo: 20_000,
    totalKobo: 270_000 + i,
    priceLockedUntil: new Date(at.getTime() + 15 * 60 * 1000),
    livemode: true,
    externalReference: i % 2 ? `REF-${i}` : null,
    codAmountKobo: null,
    codFeeKobo: null,
    codReserveKobo: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** A row and its events without what is each delivery's own (ids, number, tracking id, the owner, the reference). */
async function comparable(rows: readonly DeliveryRow[]) {
  const events = await t.deps.db
    .select()
    .from(deliveryEvents)
    .where(
      inArray(
        deliveryEvents.deliveryId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(deliveryEvents.createdAt));
  return rows.map(({ id, number: _number, trackingId: _trackingId, userId: _userId, externalReference: _reference, ...rest }) => ({
    ...rest,
    events: events.filter((e) => e.deliveryId === id).map(({ status, note, createdAt }) => ({ status, note, createdAt })),
  }));
}

describe('multi-row booking and payment (insertDeliveries, markPaidEach)', () => {
  it('write the same rows and first events as one booking paid from the wallet, each', async () => {
    const single = await createSignedInUser(t.deps);
    const batch = await createSignedInUser(t.deps);
    const count = 4;
    await fundWallet(t.deps.db, single.user.id, 10_000_000);

    const one: DeliveryRow[] = [];
    for (let i = 0; i < count; i++) {
      const inserted = await repository.insertDelivery(newBooking(single.user.id, i));
      const outcome = await repository.payFromWallet({
        deliveryId: inserted.id,
        userId: single.user.id,
        amountKobo: inserted.totalKobo,
        trackingId: generateTrackingId(),
        description: 'Payment',
        at,
      });
      if (outcome.kind !== 'paid') throw new Error(outcome.kind);
      one.push(outcome.delivery);
    }

    const many = await t.deps.db.transaction(async (tx) => {
      const inserted = await repository.insertDeliveries(
        Array.from({ length: count }, (_, i) => newBooking(batch.user.id, i)),
        tx,
      );
      expect(inserted.map((row) => row.receiverName)).toEqual(Array.from({ length: count }, (_, i) => `Receiver ${i}`));
      const paid = await repository.markPaidEach(
        inserted.map((row) => ({ deliveryId: row.id, amountKobo: row.totalKobo, trackingId: generateTrackingId(), sandboxKobo: 0 })),
        { paymentMethod: 'wallet', paidAt: at },
        tx,
      );
      return inserted.map((row) => paid.find((p) => p.id === row.id)!);
    });

    expect(many.every((row) => row.status === 'pending' && row.trackingId?.startsWith('LF-'))).toBe(true);
    expect(many.map((row) => row.externalReference)).toEqual(one.map((row) => row.externalReference));
    expect(await comparable(many)).toEqual(await comparable(one));
    expect((await comparable(many))[0]!.events).toEqual([{ status: 'pending', note: 'paid:wallet', createdAt: at }]);
  });

  it('pays only what is still payable at its price, each with its own tracking id and sandbox share', async () => {
    const user = await createSignedInUser(t.deps);
    const inserted = await repository.insertDeliveries([newBooking(user.user.id, 10), newBooking(user.user.id, 11)]);
    const [first, second] = inserted as [DeliveryRow, DeliveryRow];
    const paid = await repository.markPaidEach(
      [
        { deliveryId: first.id, amountKobo: first.totalKobo, trackingId: generateTrackingId(), sandboxKobo: 1_000 },
        { deliveryId: second.id, amountKobo: second.totalKobo + 1, trackingId: generateTrackingId(), sandboxKobo: 0 },
      ],
      { paymentMethod: 'wallet', paidAt: at },
    );
    expect(paid.map((row) => [row.id, row.paidSandboxKobo])).toEqual([[first.id, 1_000]]);
    expect((await repository.findById(second.id))?.status).toBe('awaiting_payment');
  });

  it('inserts a thousand bookings in one statement, in the order given', async () => {
    const user = await createSignedInUser(t.deps);
    const values = Array.from({ length: 1_000 }, (_, i) => newBooking(user.user.id, i));
    const rows = await repository.insertDeliveries(values);
    expect(rows).toHaveLength(values.length);
    expect(rows.map((row) => row.distanceMeters)).toEqual(values.map((value) => value.distanceMeters));
  });
});

describe('createBatchBooking().bookPaid', () => {
  const end = (placeName: string): ResolvedLocation => ({
    line: '1 Marina Road',
    directions: null,
    placeId: `lagos.test.${placeName.toLowerCase()}`,
    placeName,
    lat: 6.45,
    lng: 3.4,
    lga: 'Eti-Osa',
    state: 'Lagos',
  });
  const bookingOf = (i: number): BatchBooking => {
    const values = newBooking('', i);
    const quote: PricedTrip = {
      id: null,
      pickup: end('Ikoyi'),
      dropoff: end('Yaba'),
      packageType: 'documents',
      packageWeight: 'light',
      transportMode: 'bike',
      deliveryType: 'standard',
      deliveryTime: 'morning',
      deliveryDate: values.deliveryDate,
      distanceMeters: values.distanceMeters!,
      interstate: false,
      baseFareKobo: values.baseFareKobo,
      distanceFeeKobo: values.distanceFeeKobo,
      serviceFeeKobo: values.serviceFeeKobo,
      totalKobo: values.totalKobo,
      createdAt: at,
      expiresAt: values.priceLockedUntil,
    };
    return {
      body: { receiverName: values.receiverName, receiverPhone: values.receiverPhone, description: `Order ${i}` },
      quote,
      receiverLanguage: 'en-US',
      sandboxKobo: 0,
      externalReference: null,
    };
  };

  it('takes new tracking ids when one is already taken, and books every delivery once', async () => {
    const user = await createSignedInUser(t.deps);
    const taken = generateTrackingId();
    const first = createBatchBooking({ db: t.deps.db, transactions: { single: () => Promise.reject(new Error('unused')) }, repository, newTrackingId: () => taken });
    await t.deps.db.transaction((tx) => first.bookPaid({ tx, emit: () => undefined }, user.user.id, [bookingOf(1)], at));

    let calls = 0;
    const colliding = () => (calls++ === 0 ? taken : generateTrackingId());
    const batch = createBatchBooking({ db: t.deps.db, transactions: { single: () => Promise.reject(new Error('unused')) }, repository, newTrackingId: colliding });
    const rows = await t.deps.db.transaction((tx) =>
      batch.bookPaid({ tx, emit: () => undefined }, user.user.id, [bookingOf(2), bookingOf(3), bookingOf(4)], at),
    );
    expect(calls).toBeGreaterThan(3);
    expect(rows.map((row) => row.totalKobo)).toEqual([bookingOf(2), bookingOf(3), bookingOf(4)].map((b) => b.quote.totalKobo));
    expect(rows.every((row) => row.status === 'pending' && row.trackingId !== taken)).toBe(true);
    expect(new Set(rows.map((row) => row.trackingId)).size).toBe(3);
    const mine = await t.deps.db.select({ id: deliveries.id }).from(deliveries).where(inArray(deliveries.userId, [user.user.id]));
    expect(mine).toHaveLength(4);
  });
});
