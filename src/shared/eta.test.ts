import { describe, expect, it } from 'vitest';
import { estimateDeliveryWindow, oneDayMeters, reattemptWindow, scheduleProblem, slotHasEnded, travelMinutes, UNKNOWN_DISTANCE_MINUTES } from './eta.js';
import { RATE_CARD, sameDayMaxMeters } from './pricing.js';
import { TRANSPORT_MODES } from './schemas/deliveries.js';

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

describe('Same Day and the booked slot', () => {
  it('allows Same Day only as far as a vehicle drives in one day, pickup and city traffic included', () => {
    for (const mode of TRANSPORT_MODES) {
      const max = sameDayMaxMeters(RATE_CARD, mode);
      expect(travelMinutes(RATE_CARD, mode, 'same_day', max)).toBeLessThanOrEqual(RATE_CARD.drivingHoursPerDay * 60);
      expect(travelMinutes(RATE_CARD, mode, 'same_day', oneDayMeters(RATE_CARD, mode) + 1_000)).toBeGreaterThan(RATE_CARD.drivingHoursPerDay * 60);
    }
    // Lagos to Abuja is about 690 km by road: too far for a car the same day (it used to be allowed up to 700 km).
    expect(sameDayMaxMeters(RATE_CARD, 'car')).toBe(590_000);
  });

  it('estimates a Same Day trip between states for that day, not for the days after', () => {
    const booked = new Date('2026-11-26T06:00:00Z'); // 07:00 in Lagos, before the morning slot
    const input = { ...base, transportMode: 'car', deliveryType: 'same_day', deliveryTime: 'morning', distanceMeters: 120_000, interstate: true, deliveryDate: '2026-11-26', startAt: booked } as const;
    const window = estimateDeliveryWindow(RATE_CARD, input);
    expect(window.to.toISOString() < '2026-11-26T21:00:00.000Z').toBe(true); // before 22:00 in Lagos
    expect(scheduleProblem(RATE_CARD, input)).toBeNull();
    // Standard between states still counts whole days.
    const standard = estimateDeliveryWindow(RATE_CARD, { ...input, deliveryType: 'standard' });
    expect(standard.from.toISOString() >= '2026-11-27T07:00:00.000Z').toBe(true);
  });

  it('refuses a slot that has ended today, and Same Day that would arrive after the day', () => {
    const at = new Date('2026-11-26T21:26:00Z'); // 22:26 in Lagos
    expect(slotHasEnded('2026-11-26', 'morning', at)).toBe(true);
    expect(slotHasEnded('2026-11-26', 'evening', at)).toBe(true);
    expect(slotHasEnded('2026-11-27', 'morning', at)).toBe(false);
    expect(slotHasEnded('2026-11-26', 'evening', new Date('2026-11-26T20:59:00Z'))).toBe(false);
    const input = { ...base, deliveryTime: 'morning', distanceMeters: 8_000, interstate: false, deliveryDate: '2026-11-26', startAt: at } as const;
    expect(scheduleProblem(RATE_CARD, input)).toBe('slot_ended');
    // 16:00 in Lagos, in the afternoon slot: a 500 km car trip takes the evening and the night.
    const afternoon = { ...input, transportMode: 'car', deliveryType: 'same_day', deliveryTime: 'afternoon', distanceMeters: 500_000, interstate: true, startAt: new Date('2026-11-26T15:00:00Z') } as const;
    expect(scheduleProblem(RATE_CARD, afternoon)).toBe('same_day_too_late');
    expect(scheduleProblem(RATE_CARD, { ...afternoon, distanceMeters: 40_000 })).toBeNull();
    expect(scheduleProblem(RATE_CARD, { ...afternoon, deliveryType: 'standard' })).toBeNull();
  });
});

describe('after a failed attempt, out again (decision 090)', () => {
  const lagos = (isoLocal: string) => new Date(`${isoLocal}+01:00`);

  it('is the city part of the trip from the re-attempt, with no pickup and nothing of the booked slot', () => {
    const at = lagos('2026-11-28T15:00:00');
    const window = reattemptWindow(RATE_CARD, 'bike', 8_000, at);
    const cityTravel = travelMinutes(RATE_CARD, 'bike', 'standard', 8_000) - RATE_CARD.modes.bike.pickupMinutes;
    expect(window.from.getTime()).toBe(Math.ceil((at.getTime() + cityTravel * MINUTE) / MINUTE) * MINUTE);
    expect(window.to.getTime() - window.from.getTime()).toBeGreaterThanOrEqual(RATE_CARD.windowMinutes * MINUTE);
  });

  it('does not drive the highway again: an interstate trip is already in the receiver\'s city', () => {
    const at = lagos('2026-11-28T10:00:00');
    const window = reattemptWindow(RATE_CARD, 'truck', 1_070_000, at);
    expect(window.to.getTime() - at.getTime()).toBeLessThan(3 * 60 * MINUTE);
  });

  it('waits for the next morning when decided after the day\'s last slot, and for 08:00 when decided before it', () => {
    expect(reattemptWindow(RATE_CARD, 'bike', 8_000, lagos('2026-11-28T21:55:00')).from.getTime()).toBeGreaterThan(lagos('2026-11-29T08:00:00').getTime());
    expect(reattemptWindow(RATE_CARD, 'bike', 8_000, lagos('2026-11-28T21:55:00')).from.getTime()).toBeLessThan(lagos('2026-11-29T09:00:00').getTime());
    expect(reattemptWindow(RATE_CARD, 'bike', 8_000, lagos('2026-11-29T03:00:00')).from.getTime()).toBeGreaterThan(lagos('2026-11-29T08:00:00').getTime());
    expect(reattemptWindow(RATE_CARD, 'bike', null, lagos('2026-11-28T12:00:00')).from.getTime()).toBeGreaterThan(lagos('2026-11-28T12:00:00').getTime());
  });
});

describe('a short hop over a state line (decision 092)', () => {
  it('is timed as a city trip, within the booked day, while a long one still counts whole days', () => {
    const paid = new Date('2026-11-30T07:30:00Z'); // 08:30 in Lagos, inside the morning slot
    const trip = { ...base, transportMode: 'car', deliveryTime: 'morning', interstate: true, deliveryDate: '2026-11-30', startAt: paid } as const;
    const hop = estimateDeliveryWindow(RATE_CARD, { ...trip, distanceMeters: 10_500 });
    expect(hop.to.toISOString() < '2026-11-30T11:00:00.000Z').toBe(true); // before 12:00 in Lagos, the slot's end
    const far = estimateDeliveryWindow(RATE_CARD, { ...trip, distanceMeters: RATE_CARD.cityMeters + 1_000 });
    expect(far.from.toISOString()).toBe('2026-12-01T07:00:00.000Z'); // the next day's 08:00
  });
});
