import { describe, expect, it } from 'vitest';
import { estimateDeliveryWindow, travelMinutes, UNKNOWN_DISTANCE_MINUTES } from './eta.js';
import { RATE_CARD } from './pricing.js';

const base = { transportMode: 'bike', deliveryType: 'standard', deliveryTime: 'afternoon' } as const;
const MINUTE = 60_000;

describe('the estimated delivery window', () => {
  it('starts from the payment for an immediate delivery, with travel at city speed', () => {
    const paid = new Date('2026-11-26T13:00:00Z'); // 14:00 in Lagos, inside the afternoon slot
    const window = estimateDeliveryWindow(RATE_CARD, { ...base, distanceMeters: 8_000, interstate: false, deliveryDate: '2026-11-26', startAt: paid });
    const travel = travelMinutes(RATE_CARD, 'bike', 'standard', 8_000);
    expect(window.from.getTime()).toBe(Math.ceil((paid.getTime() + travel * MINUTE) / MINUTE) * MINUTE);
    expect(window.to.getTime() - window.from.getTime()).toBeGreaterThanOrEqual(RATE_CARD.windowMinutes * MINUTE);
    expect(window.to.getTime() - paid.getTime()).toBeLessThan(2 * 60 * MINUTE);
  });

  it('falls inside the booked slot for a later day (or its start plus travel, if later)', () => {
    const paid = new Date('2026-11-26T09:00:00Z');
    const window = estimateDeliveryWindow(RATE_CARD, { ...base, distanceMeters: 8_000, interstate: false, deliveryDate: '2026-11-27', startAt: paid });
    expect(window.from.toISOString() >= '2026-11-27T11:00:00.000Z').toBe(true); // 12:00 Lagos
    expect(window.to.toISOString()).toBe('2026-11-27T17:00:00.000Z'); // 18:00 Lagos, the slot's end
  });

  it('counts days, not minutes, between states', () => {
    const paid = new Date('2026-11-26T09:00:00Z');
    const window = estimateDeliveryWindow(RATE_CARD, {
      ...base,
      transportMode: 'truck',
      deliveryTime: 'morning',
      distanceMeters: 1_070_000,
      interstate: true,
      deliveryDate: '2026-11-26',
      startAt: paid,
    });
    const days = (window.from.getTime() - paid.getTime()) / (24 * 60 * MINUTE);
    expect(days).toBeGreaterThanOrEqual(2);
    expect(window.to.getTime() - window.from.getTime()).toBeGreaterThanOrEqual(24 * 60 * MINUTE);
  });

  it('keeps the old 45 minutes only for a delivery whose distance is unknown', () => {
    const paid = new Date('2026-11-26T13:00:00Z');
    const window = estimateDeliveryWindow(RATE_CARD, { ...base, distanceMeters: null, interstate: null, deliveryDate: '2026-11-26', startAt: paid });
    expect(window.from.getTime() - paid.getTime()).toBe(UNKNOWN_DISTANCE_MINUTES * MINUTE);
  });
});
