import type { RateCard } from './pricing.js';
import type { DeliveryTime, DeliveryType, TransportMode } from './schemas/deliveries.js';

/** The delivery slots, in Lagos time (WAT, UTC+1 all year). */
export const DELIVERY_SLOTS: Record<DeliveryTime, { fromHour: number; toHour: number }> = {
  morning: { fromHour: 8, toHour: 12 },
  afternoon: { fromHour: 12, toHour: 18 },
  evening: { fromHour: 18, toHour: 22 },
};

/** Before this change every estimate was payment + 45 minutes; deliveries with no distance keep it. */
export const UNKNOWN_DISTANCE_MINUTES = 45;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LAGOS_OFFSET = HOUR;

export interface EtaInput {
  distanceMeters: number | null;
  interstate: boolean | null;
  transportMode: TransportMode;
  deliveryType: DeliveryType;
  /** YYYY-MM-DD, the booked day, with its slot. */
  deliveryDate: string;
  deliveryTime: DeliveryTime;
  /** When the clock starts: the payment (or, before it, now). */
  startAt: Date;
}

export interface DeliveryWindow {
  from: Date;
  to: Date;
}

function lagosInstant(date: string, hour: number): number {
  return Date.parse(`${date}T00:00:00Z`) + hour * HOUR - LAGOS_OFFSET;
}

/** Minutes from the driver's start to the door: pickup, the city part, then the highway. */
export function travelMinutes(rateCard: RateCard, mode: TransportMode, deliveryType: DeliveryType, distanceMeters: number) {
  const rates = rateCard.modes[mode];
  const pickup = deliveryType === 'express' ? rates.pickupMinutes / 2 : rates.pickupMinutes;
  const cityKm = Math.min(distanceMeters, rateCard.cityMeters) / 1000;
  const highwayKm = Math.max(0, distanceMeters - rateCard.cityMeters) / 1000;
  return pickup + (cityKm / rates.cityKmh) * 60 + (highwayKm / rates.highwayKmh) * 60;
}

/**
 * When the parcel should arrive. Immediate (paid once its slot has begun): from the payment. Booked ahead: inside
 * the slot, or from the slot's start plus travel, whichever is later. Interstate: whole days of driving.
 */
export function estimateDeliveryWindow(rateCard: RateCard, input: EtaInput): DeliveryWindow {
  const slot = DELIVERY_SLOTS[input.deliveryTime];
  const slotStart = lagosInstant(input.deliveryDate, slot.fromHour);
  const slotEnd = lagosInstant(input.deliveryDate, slot.toHour);
  const start = Math.max(input.startAt.getTime(), slotStart);
  if (input.distanceMeters === null) {
    const at = new Date(input.startAt.getTime() + UNKNOWN_DISTANCE_MINUTES * MINUTE);
    return { from: at, to: at };
  }
  const travel = travelMinutes(rateCard, input.transportMode, input.deliveryType, input.distanceMeters) * MINUTE;
  const drivingDay = rateCard.drivingHoursPerDay * HOUR;
  if (input.interstate || travel > drivingDay) {
    const days = Math.max(1, Math.ceil(travel / drivingDay));
    const startDay = Math.floor((start + LAGOS_OFFSET) / DAY) * DAY - LAGOS_OFFSET;
    const from = startDay + days * DAY + 8 * HOUR;
    return { from: new Date(from), to: new Date(from + DAY + 10 * HOUR) };
  }
  const from = start + travel;
  const spread = Math.max(rateCard.windowMinutes * MINUTE, travel * rateCard.windowShareOfTravel);
  const scheduled = input.startAt.getTime() < slotStart;
  const to = scheduled ? Math.max(slotEnd, from + spread) : from + spread;
  return { from: new Date(roundUpToMinute(from)), to: new Date(roundUpToMinute(to)) };
}

function roundUpToMinute(ms: number) {
  return Math.ceil(ms / MINUTE) * MINUTE;
}
