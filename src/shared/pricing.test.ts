import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  INITIAL_ESTIMATE_KOBO,
  RATE_CARD,
  modeUnavailability,
  priceTrip,
  sameDayMaxMeters,
  tripOf,
  type PriceOptions,
} from './pricing.js';
import { greatCircleMeters, roadDistanceMeters } from './geo.js';
import { DELIVERY_TYPES, PACKAGE_TYPES, PACKAGE_WEIGHTS, TRANSPORT_MODES } from './schemas/deliveries.js';

const short = { distanceMeters: 4_200, interstate: false };
const options = fc.record<PriceOptions>({
  packageType: fc.constantFrom(...PACKAGE_TYPES),
  packageWeight: fc.constantFrom(...PACKAGE_WEIGHTS),
  transportMode: fc.constantFrom(...TRANSPORT_MODES),
  deliveryType: fc.constantFrom(...DELIVERY_TYPES),
});
const trips = fc.record({ distanceMeters: fc.integer({ min: 0, max: 1_500_000 }).map((m) => m - (m % 100)), interstate: fc.boolean() });

describe('the tariff', () => {
  it("keeps the specification's figures for a short bike trip: ₦2,700", () => {
    expect(priceTrip(RATE_CARD, short, { packageType: 'documents', packageWeight: 'light', transportMode: 'bike', deliveryType: 'standard' })).toEqual({
      baseFare: 200_000,
      distanceFee: 50_000,
      serviceFee: 20_000,
      total: 270_000,
    });
    expect(INITIAL_ESTIMATE_KOBO).toBe(250_000);
  });

  it("keeps the specification's surcharges: heavy +₦300 distance, electronics +₦300 and express +₦500 service", () => {
    const price = priceTrip(RATE_CARD, short, { packageType: 'electronics', packageWeight: 'heavy', transportMode: 'bike', deliveryType: 'express' });
    expect(price).toEqual({ baseFare: 200_000, distanceFee: 80_000, serviceFee: 100_000, total: 380_000 });
  });

  it('charges each 100 m beyond 5 km at the mode rate', () => {
    const price = priceTrip(RATE_CARD, { distanceMeters: 12_400, interstate: false }, { packageType: 'food', packageWeight: 'light', transportMode: 'car', deliveryType: 'standard' });
    expect(price.distanceFee).toBe(50_000 + 74 * (RATE_CARD.modes.car.perKm / 10));
  });

  it('adds the interstate fee to a trip between states', () => {
    const trip = { distanceMeters: 60_000, interstate: false };
    const opts: PriceOptions = { packageType: 'food', packageWeight: 'light', transportMode: 'van', deliveryType: 'standard' };
    expect(priceTrip(RATE_CARD, { ...trip, interstate: true }, opts).total - priceTrip(RATE_CARD, trip, opts).total).toBe(RATE_CARD.interstateFee);
  });

  it('the breakdown always sums to the total, in whole kobo', () => {
    fc.assert(
      fc.property(trips, options, (trip, opts) => {
        const price = priceTrip(RATE_CARD, trip, opts);
        expect(price.baseFare + price.distanceFee + price.serviceFee).toBe(price.total);
        for (const part of Object.values(price)) expect(Number.isInteger(part) && part > 0).toBe(true);
      }),
    );
  });

  it('never falls as the distance grows, for fixed options', () => {
    fc.assert(
      fc.property(trips, fc.integer({ min: 0, max: 500_000 }), options, (trip, more, opts) => {
        const farther = { ...trip, distanceMeters: trip.distanceMeters + more };
        expect(priceTrip(RATE_CARD, farther, opts).total).toBeGreaterThanOrEqual(priceTrip(RATE_CARD, trip, opts).total);
      }),
    );
  });

  it('a bigger vehicle never costs less than a smaller one: bike ≤ car ≤ van ≤ truck', () => {
    fc.assert(
      fc.property(trips, options, (trip, opts) => {
        const totals = TRANSPORT_MODES.map((transportMode) => priceTrip(RATE_CARD, trip, { ...opts, transportMode }).total);
        expect([...totals].sort((a, b) => a - b)).toEqual(totals);
      }),
    );
  });

  it('prices Ikeja → Kano by truck at least 50 times the short bike trip', () => {
    const trip = tripOf(RATE_CARD, { pickup: { lat: 6.6018, lng: 3.3515, state: 'Lagos' }, dropoff: { lat: 12.0022, lng: 8.592, state: 'Kano' } });
    expect(trip.interstate).toBe(true);
    expect(trip.distanceMeters).toBeGreaterThan(1_000_000);
    const truck = priceTrip(RATE_CARD, trip, { packageType: 'other', packageWeight: 'heavy', transportMode: 'truck', deliveryType: 'standard' });
    expect(truck.total).toBeGreaterThanOrEqual(50 * 270_000);
  });
});

describe('which modes can take a trip', () => {
  it('refuses a bike between states, and past its range', () => {
    expect(modeUnavailability(RATE_CARD, { distanceMeters: 20_000, interstate: true }, 'bike', 'standard')).toEqual({ reason: 'interstate', maxKm: 0 });
    expect(modeUnavailability(RATE_CARD, { distanceMeters: 80_000, interstate: false }, 'bike', 'standard')?.reason).toBe('too_far');
    expect(modeUnavailability(RATE_CARD, { distanceMeters: 20_000, interstate: false }, 'bike', 'same_day')).toBeNull();
  });

  it('refuses Same Day beyond what the vehicle covers in a day', () => {
    const far = { distanceMeters: sameDayMaxMeters(RATE_CARD, 'truck') + 100, interstate: true };
    expect(modeUnavailability(RATE_CARD, far, 'truck', 'same_day')?.reason).toBe('same_day_too_far');
    expect(modeUnavailability(RATE_CARD, far, 'truck', 'standard')).toBeNull();
  });
});

describe('distance', () => {
  it('is the great-circle distance times the road factor, rounded up to 100 m', () => {
    const a = { lat: 6.6137, lng: 3.3579 };
    const b = { lat: 6.4474, lng: 3.4723 };
    const meters = roadDistanceMeters(a, b, 1.3);
    expect(meters % 100).toBe(0);
    expect(meters).toBeGreaterThanOrEqual(greatCircleMeters(a, b) * 1.3);
    expect(meters - greatCircleMeters(a, b) * 1.3).toBeLessThan(100);
  });
});
