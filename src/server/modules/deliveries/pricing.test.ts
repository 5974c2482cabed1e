import { describe, expect, it } from 'vitest';
import { INITIAL_ESTIMATE_KOBO, estimateDelivery, priceDelivery } from '../../../shared/pricing.js';
import { DELIVERY_TYPES, PACKAGE_TYPES, PACKAGE_WEIGHTS } from '../../../shared/schemas/deliveries.js';

/** The spec's rule, written out independently, in naira. */
function expectedNaira(packageType: string, weight: string, deliveryType: string) {
  const base = 2000;
  const distance = 500 + (weight === 'heavy' ? 300 : 0);
  const service = 200 + (deliveryType === 'express' ? 500 : 0) + (packageType === 'electronics' ? 300 : 0);
  return { base, distance, service, total: base + distance + service };
}

describe('priceDelivery', () => {
  const combos = PACKAGE_TYPES.flatMap((p) =>
    PACKAGE_WEIGHTS.flatMap((w) => DELIVERY_TYPES.map((d) => [p, w, d] as const)),
  );

  it('covers all 45 package × weight × delivery-type combinations', () => {
    expect(combos).toHaveLength(45);
  });

  it.each(combos)('%s / %s / %s', (packageType, packageWeight, deliveryType) => {
    const e = expectedNaira(packageType, packageWeight, deliveryType);
    expect(priceDelivery({ packageType, packageWeight, deliveryType })).toEqual({
      baseFare: e.base * 100,
      distanceFee: e.distance * 100,
      serviceFee: e.service * 100,
      total: e.total * 100,
    });
  });

  it('starts the estimate at ₦2,500 until the priced fields are chosen', () => {
    expect(INITIAL_ESTIMATE_KOBO).toBe(250_000);
    expect(estimateDelivery({ packageType: 'food' })).toBe(250_000);
    expect(estimateDelivery({ packageType: 'electronics', packageWeight: 'heavy', deliveryType: 'express' })).toBe(
      380_000,
    );
  });
});
