import { AppError } from '../../lib/app-error.js';
import { formatNaira } from '../../../shared/money.js';
import { RATE_CARD } from '../../../shared/pricing.js';
import { BOOKING_MESSAGE_KEYS, collectOnDeliverySchema, type CollectOnDelivery } from '../../../shared/schemas/deliveries.js';

/**
 * A pay-on-delivery amount as a booking or a quote takes it: whole kobo within the rate card's bounds (the shared
 * schema's rule), else 422 COD_AMOUNT_INVALID on its field.
 */
export function checkCollectOnDelivery(value: { amountKobo: number } | undefined): CollectOnDelivery | undefined {
  if (value === undefined) return undefined;
  const parsed = collectOnDeliverySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('COD_AMOUNT_INVALID', {
    params: { min: formatNaira(RATE_CARD.cod.minAmountKobo), max: formatNaira(RATE_CARD.cod.maxAmountKobo) },
    fields: { 'collectOnDelivery.amountKobo': [BOOKING_MESSAGE_KEYS.codAmount] },
  });
}
