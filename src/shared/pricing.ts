import type { DeliveryType, PackageType, PackageWeight } from './schemas/deliveries.js';

/**
 * The spec's pricing (section 9), in kobo. "Express" is a delivery type: the spec's "+500 if transport
 * mode is Express" can never happen, so the surcharge applies to delivery type Express (docs/decisions).
 */
export const PRICING = {
  baseFare: 200_000,
  distanceFee: 50_000,
  heavySurcharge: 30_000,
  serviceFee: 20_000,
  expressSurcharge: 50_000,
  electronicsSurcharge: 30_000,
} as const;

/** Shown before the pricing fields are chosen: base fare + distance. */
export const INITIAL_ESTIMATE_KOBO = PRICING.baseFare + PRICING.distanceFee;

export interface PriceInput {
  packageType: PackageType;
  packageWeight: PackageWeight;
  deliveryType: DeliveryType;
}

export interface PriceBreakdown {
  baseFare: number;
  distanceFee: number;
  serviceFee: number;
  total: number;
}

export function priceDelivery(input: PriceInput): PriceBreakdown {
  const baseFare = PRICING.baseFare;
  const distanceFee = PRICING.distanceFee + (input.packageWeight === 'heavy' ? PRICING.heavySurcharge : 0);
  const serviceFee =
    PRICING.serviceFee +
    (input.deliveryType === 'express' ? PRICING.expressSurcharge : 0) +
    (input.packageType === 'electronics' ? PRICING.electronicsSurcharge : 0);
  return { baseFare, distanceFee, serviceFee, total: baseFare + distanceFee + serviceFee };
}

/** The estimate while the form is being filled: the initial estimate until the priced fields are chosen. */
export function estimateDelivery(input: Partial<PriceInput>): number {
  if (!input.packageType || !input.packageWeight || !input.deliveryType) return INITIAL_ESTIMATE_KOBO;
  return priceDelivery(input as PriceInput).total;
}
