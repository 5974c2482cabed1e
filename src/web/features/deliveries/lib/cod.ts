import { codTermsOf, type CodTerms, type RateCard } from '@/shared/pricing';
import { collectOnDeliverySchema, type Cod } from '@/shared/schemas/deliveries';
import { parseNairaToKobo } from '@/web/lib/naira';

/**
 * What paying a booking charges now: its delivery fee and, for pay on delivery, the return reserve held until the
 * parcel is delivered (decision 053). Every "Pay now" figure is this sum.
 */
export function amountToPayOf(delivery: { price: { total: number }; cod: Pick<Cod, 'reserveKobo'> | null }): number {
  return delivery.price.total + (delivery.cod?.reserveKobo ?? 0);
}

/** The typed amount to collect as kobo, when it is one the shared schema accepts (₦100 to ₦500,000); else null. */
export function codAmountKoboOf(text: string): number | null {
  const parsed = parseNairaToKobo(text);
  if (!parsed.ok) return null;
  return collectOnDeliverySchema.safeParse({ amountKobo: parsed.kobo }).success ? parsed.kobo : null;
}

/** The form's estimate of a pay-on-delivery order's terms, by the server's own function; null without a valid amount. */
export function estimatedCodTerms(rateCard: RateCard, deliveryFeeKobo: number, amountText: string): CodTerms | null {
  const amountKobo = codAmountKoboOf(amountText);
  return amountKobo === null ? null : codTermsOf(rateCard, deliveryFeeKobo, amountKobo);
}

/** A saved order's terms, with what the shipper receives on hand-over (the amount less the fee). */
export function termsOfCod(cod: Pick<Cod, 'amountKobo' | 'feeKobo' | 'reserveKobo'>): CodTerms {
  return {
    amountKobo: cod.amountKobo,
    feeKobo: cod.feeKobo,
    reserveKobo: cod.reserveKobo,
    settledKobo: cod.amountKobo - cod.feeKobo,
  };
}
