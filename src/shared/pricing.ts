import { oneDayMeters } from './eta.js';
import { roadDistanceMeters, type Point } from './geo.js';
import { COD_AMOUNT_KOBO, DISTANCE_STEP_METERS } from './rule-limits.js';
import type { DeliveryType, PackageType, PackageWeight, TransportMode } from './schemas/deliveries.js';

/**
 * The rate card: every constant of the tariff and of the delivery estimate, in integer kobo, metres, minutes and
 * km/h (docs/decisions/043 gives the market prices they were set against). The server quotes with it, the form
 * estimates with it (GET /api/rate-card), and /rates shows it.
 *
 * A trip of up to `includedMeters` keeps the specification's figures (section 9): base fare 2,000, distance fee
 * 500 (+300 heavy), service fee 200 (+500 express, +300 electronics). Bigger vehicles start from a higher base fare,
 * and every kilometre beyond the included distance costs the mode's rate.
 */
export const RATE_CARD = {
  version: '2026-11-26',
  /** Great-circle distance × this = the distance charged (Nigerian roads rarely run straight). */
  roadFactor: 1.3,
  includedMeters: 5_000,
  distanceFee: 50_000,
  heavySurcharge: 30_000,
  serviceFee: 20_000,
  expressSurcharge: 50_000,
  electronicsSurcharge: 30_000,
  /** Added to the distance fee of a trip between two states: tolls, checkpoints, the empty way back. */
  interstateFee: 300_000,
  /** The first kilometres of a trip run at city speed, the rest at highway speed. */
  cityMeters: 30_000,
  /** Hours a driver drives in a day: an interstate trip's days. */
  drivingHoursPerDay: 10,
  /** How long an estimate's window is at least, and how much of the travel time it adds on top. */
  windowMinutes: 25,
  windowShareOfTravel: 0.3,
  /**
   * Pay on delivery (decision 053): the fee kept from what the receiver pays (basis points, at least the minimum), the
   * bounds of that amount, and the return reserve (and a return's fee) as a share of the delivery fee.
   */
  cod: { feeBasisPoints: 150, minFeeKobo: 10_000, minAmountKobo: COD_AMOUNT_KOBO.min, maxAmountKobo: COD_AMOUNT_KOBO.max, returnSharePercent: 50 },
  modes: {
    bike: { baseFare: 200_000, perKm: 10_000, maxMeters: 60_000, interstate: false, pickupMinutes: 20, cityKmh: 22, highwayKmh: 40 },
    car: { baseFare: 350_000, perKm: 15_000, maxMeters: null, interstate: true, pickupMinutes: 30, cityKmh: 20, highwayKmh: 70 },
    van: { baseFare: 700_000, perKm: 30_000, maxMeters: null, interstate: true, pickupMinutes: 45, cityKmh: 18, highwayKmh: 60 },
    truck: { baseFare: 2_000_000, perKm: 80_000, maxMeters: null, interstate: true, pickupMinutes: 90, cityKmh: 15, highwayKmh: 50 },
  },
} as const satisfies RateCard;

export interface ModeRates {
  baseFare: number;
  /** Kobo per kilometre beyond the included distance, a multiple of 10 (charged per 100 m). */
  perKm: number;
  /** The longest trip the mode takes; null: any. */
  maxMeters: number | null;
  interstate: boolean;
  pickupMinutes: number;
  cityKmh: number;
  highwayKmh: number;
}

export interface RateCard {
  version: string;
  roadFactor: number;
  includedMeters: number;
  distanceFee: number;
  heavySurcharge: number;
  serviceFee: number;
  expressSurcharge: number;
  electronicsSurcharge: number;
  interstateFee: number;
  cityMeters: number;
  drivingHoursPerDay: number;
  windowMinutes: number;
  windowShareOfTravel: number;
  cod: CodRates;
  modes: Record<TransportMode, ModeRates>;
}

export interface CodRates {
  feeBasisPoints: number;
  minFeeKobo: number;
  minAmountKobo: number;
  maxAmountKobo: number;
  /** The return reserve a pay-on-delivery shipper pays, and the fee of any return: this share of the delivery fee. */
  returnSharePercent: number;
}

/** The pay-on-delivery fee kept from `amountKobo` on settlement: 1.5 %, rounded to the kobo, at least ₦100. */
export function codFeeOf(rateCard: RateCard, amountKobo: number): number {
  return Math.max(rateCard.cod.minFeeKobo, Math.round((amountKobo * rateCard.cod.feeBasisPoints) / 10_000));
}

/** A return's fee, and the reserve a pay-on-delivery order holds for it: half the delivery fee, rounded up to the kobo. */
export function returnFeeOf(rateCard: RateCard, deliveryFeeKobo: number): number {
  return Math.ceil((deliveryFeeKobo * rateCard.cod.returnSharePercent) / 100);
}

/** What a pay-on-delivery order costs at booking and what the shipper gets when it is handed over. */
export interface CodTerms {
  amountKobo: number;
  feeKobo: number;
  reserveKobo: number;
  /** Settled to the shipper's wallet on hand-over: the amount less the fee (the reserve comes back with it). */
  settledKobo: number;
}

export function codTermsOf(rateCard: RateCard, deliveryFeeKobo: number, amountKobo: number): CodTerms {
  const feeKobo = codFeeOf(rateCard, amountKobo);
  return { amountKobo, feeKobo, reserveKobo: returnFeeOf(rateCard, deliveryFeeKobo), settledKobo: amountKobo - feeKobo };
}

/** A trip as priced: how far by road, and whether it crosses a state line. */
export interface Trip {
  distanceMeters: number;
  interstate: boolean;
}

export interface TripEnds {
  pickup: Point & { state: string };
  dropoff: Point & { state: string };
}

export function tripOf(rateCard: RateCard, { pickup, dropoff }: TripEnds): Trip {
  return { distanceMeters: roadDistanceMeters(pickup, dropoff, rateCard.roadFactor), interstate: pickup.state !== dropoff.state };
}

export interface PriceOptions {
  packageType: PackageType;
  packageWeight: PackageWeight;
  transportMode: TransportMode;
  deliveryType: DeliveryType;
}

export interface PriceBreakdown {
  baseFare: number;
  distanceFee: number;
  serviceFee: number;
  total: number;
}

export const UNAVAILABLE_REASONS = ['interstate', 'too_far', 'same_day_too_far'] as const;
export type UnavailableReason = (typeof UNAVAILABLE_REASONS)[number];

/** The farthest Same Day goes: what the mode takes at all, within one driving day. */
export function sameDayMaxMeters(rateCard: RateCard, mode: TransportMode): number {
  return Math.min(rateCard.modes[mode].maxMeters ?? Infinity, oneDayMeters(rateCard, mode));
}

/** Why a mode cannot take this trip (with the distance that limits it), or null when it can. */
export function modeUnavailability(
  rateCard: RateCard,
  trip: Trip,
  mode: TransportMode,
  deliveryType: DeliveryType,
): { reason: UnavailableReason; maxKm: number } | null {
  const rates = rateCard.modes[mode];
  if (trip.interstate && !rates.interstate) return { reason: 'interstate', maxKm: 0 };
  if (rates.maxMeters !== null && trip.distanceMeters > rates.maxMeters) return { reason: 'too_far', maxKm: rates.maxMeters / 1000 };
  const sameDayMax = sameDayMaxMeters(rateCard, mode);
  if (deliveryType === 'same_day' && trip.distanceMeters > sameDayMax) return { reason: 'same_day_too_far', maxKm: sameDayMax / 1000 };
  return null;
}

const STEPS_PER_KM = 1000 / DISTANCE_STEP_METERS;

/** The price of a trip, in kobo: the breakdown always sums to the total. Check `modeUnavailability` first. */
export function priceTrip(rateCard: RateCard, trip: Trip, options: PriceOptions): PriceBreakdown {
  const rates = rateCard.modes[options.transportMode];
  const beyondMeters = Math.max(0, trip.distanceMeters - rateCard.includedMeters);
  // Charged per started step, so the price never falls as the distance grows.
  const perStep = rates.perKm / STEPS_PER_KM;
  const baseFare = rates.baseFare;
  const distanceFee =
    rateCard.distanceFee +
    Math.ceil(beyondMeters / DISTANCE_STEP_METERS) * perStep +
    (options.packageWeight === 'heavy' ? rateCard.heavySurcharge : 0) +
    (trip.interstate ? rateCard.interstateFee : 0);
  const serviceFee =
    rateCard.serviceFee +
    (options.deliveryType === 'express' ? rateCard.expressSurcharge : 0) +
    (options.packageType === 'electronics' ? rateCard.electronicsSurcharge : 0);
  return { baseFare, distanceFee, serviceFee, total: baseFare + distanceFee + serviceFee };
}

/** Shown before the places and options are chosen: the spec's "Base fare + distance", ₦2,500. */
export const INITIAL_ESTIMATE_KOBO = RATE_CARD.modes.bike.baseFare + RATE_CARD.distanceFee;
