import type { RateCard } from './pricing.js';
import type { DeliveryTime, DeliveryType, TransportMode } from './schemas/deliveries.js';

/** The delivery slots, in Lagos time (WAT, UTC+1 all year). */
export const DELIVERY_SLOTS: Record<DeliveryTime, { fromHour: number; toHour: number }> = {
  morning: { fromHour: 8, toHour: 12 },
  afternoon: { fromHour: 12, toHour: 18 },
  evening: { fromHour: 18, toHour: 22 },
};

/** The day's last slot ends here: a Same Day delivery must arrive by then. */
const LAST_SLOT_END_HOUR = Math.max(...Object.values(DELIVERY_SLOTS).map((slot) => slot.toHour));

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

/**
 * When a delivery is due: when its clock starts, the start of its booked slot or, paid once the slot has begun (an
 * Express or Same Day job for the slot under way), its payment. Every estimate starts here, and the dispatch board's
 * Unassigned tab is in this order (decision 088; the database keeps it as `due_at`, DUE_AT_SQL, with this rule).
 */
export function dueAtOf(input: Pick<EtaInput, 'deliveryDate' | 'deliveryTime' | 'startAt'>): Date {
  return new Date(Math.max(input.startAt.getTime(), lagosInstant(input.deliveryDate, DELIVERY_SLOTS[input.deliveryTime].fromHour)));
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
 * The farthest a mode drives in one driving day, its pickup and the city part included: what Same Day can promise.
 * The inverse of `travelMinutes`, so a trip it allows always fits the day (whole kilometres, rounded down).
 */
export function oneDayMeters(rateCard: RateCard, mode: TransportMode): number {
  const rates = rateCard.modes[mode];
  const minutesLeft = rateCard.drivingHoursPerDay * 60 - rates.pickupMinutes;
  const cityMinutes = (rateCard.cityMeters / 1000 / rates.cityKmh) * 60;
  const meters =
    minutesLeft <= cityMinutes
      ? (minutesLeft / 60) * rates.cityKmh * 1000
      : rateCard.cityMeters + ((minutesLeft - cityMinutes) / 60) * rates.highwayKmh * 1000;
  return Math.floor(meters / 1000) * 1000;
}

/**
 * When the parcel should arrive. Immediate (paid once its slot has begun): from the payment. Booked ahead: inside
 * the slot, or from the slot's start plus travel, whichever is later. Interstate: whole days of driving, except
 * Same Day, whose vehicle drives straight there (`oneDayMeters` keeps it within one driving day), and a trip no
 * longer than the city part (Onitsha to Asaba over the bridge), which is a city trip.
 */
export function estimateDeliveryWindow(rateCard: RateCard, input: EtaInput): DeliveryWindow {
  const slot = DELIVERY_SLOTS[input.deliveryTime];
  const slotStart = lagosInstant(input.deliveryDate, slot.fromHour);
  const slotEnd = lagosInstant(input.deliveryDate, slot.toHour);
  const start = dueAtOf(input).getTime();
  if (input.distanceMeters === null) {
    const at = new Date(input.startAt.getTime() + UNKNOWN_DISTANCE_MINUTES * MINUTE);
    return { from: at, to: at };
  }
  const travel = travelMinutes(rateCard, input.transportMode, input.deliveryType, input.distanceMeters) * MINUTE;
  const drivingDay = rateCard.drivingHoursPerDay * HOUR;
  // Line-haul between states (decision 043), except Same Day (072) and a short hop over a state line (092).
  const lineHaul = input.interstate && input.deliveryType !== 'same_day' && input.distanceMeters > rateCard.cityMeters;
  if (lineHaul || travel > drivingDay) {
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

/** The day's first slot begins here: a re-attempt decided after the last slot goes out then. */
const FIRST_SLOT_START_HOUR = Math.min(...Object.values(DELIVERY_SLOTS).map((slot) => slot.fromHour));

/**
 * When a parcel sent out again after a failed attempt should arrive (decision 090). It is already in the receiver's
 * city: the city part of its trip (the whole trip when shorter; the city's width when unknown), with no pickup, from
 * the re-attempt within the day's slots, else from the next slot to begin (08:00).
 */
export function reattemptWindow(rateCard: RateCard, mode: TransportMode, distanceMeters: number | null, reattemptedAt: Date): DeliveryWindow {
  const cityMeters = Math.min(distanceMeters ?? rateCard.cityMeters, rateCard.cityMeters);
  const travel = (travelMinutes(rateCard, mode, 'standard', cityMeters) - rateCard.modes[mode].pickupMinutes) * MINUTE;
  const at = reattemptedAt.getTime();
  const day = new Date(at + LAGOS_OFFSET).toISOString().slice(0, 10);
  const start =
    at + travel > lagosInstant(day, LAST_SLOT_END_HOUR)
      ? lagosInstant(day, 24 + FIRST_SLOT_START_HOUR)
      : Math.max(at, lagosInstant(day, FIRST_SLOT_START_HOUR));
  const from = start + travel;
  const to = from + Math.max(rateCard.windowMinutes * MINUTE, travel * rateCard.windowShareOfTravel);
  return { from: new Date(roundUpToMinute(from)), to: new Date(roundUpToMinute(to)) };
}

function roundUpToMinute(ms: number) {
  return Math.ceil(ms / MINUTE) * MINUTE;
}

/** Why a booking made at `startAt` cannot keep its day and slot; null when it can. */
export type ScheduleProblem = 'slot_ended' | 'same_day_too_late';

/** The booked slot is over (today's, booked after its end). */
export function slotHasEnded(deliveryDate: string, deliveryTime: DeliveryTime, at: Date): boolean {
  return at.getTime() >= lagosInstant(deliveryDate, DELIVERY_SLOTS[deliveryTime].toHour);
}

/** Checked when a booking is priced: its slot must still be ahead, and Same Day must arrive by its day's last slot. */
export function scheduleProblem(rateCard: RateCard, input: EtaInput): ScheduleProblem | null {
  if (slotHasEnded(input.deliveryDate, input.deliveryTime, input.startAt)) return 'slot_ended';
  if (input.deliveryType !== 'same_day' || input.distanceMeters === null) return null;
  const { from } = estimateDeliveryWindow(rateCard, input);
  return from.getTime() > lagosInstant(input.deliveryDate, LAST_SLOT_END_HOUR) ? 'same_day_too_late' : null;
}
