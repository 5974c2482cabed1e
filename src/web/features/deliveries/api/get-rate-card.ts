import { queryOptions, useQuery } from '@tanstack/react-query';
import { RATE_CARD, type RateCard } from '@/shared/pricing';
import { rateCardSchema } from '@/shared/schemas/quotes';
import { apiRequest } from '@/web/lib/api-client';

export function getRateCard(signal?: AbortSignal): Promise<RateCard> {
  return apiRequest('/rate-card', rateCardSchema, { signal });
}

export const rateCardQueryOptions = () =>
  queryOptions({ queryKey: ['rate-card'] as const, queryFn: ({ signal }) => getRateCard(signal), staleTime: 30 * 60_000 });

/**
 * The tariff the server prices with. The bundled copy stands in while it loads (placeholder, not cached), so the
 * form estimates at once; the server's card replaces it when it differs (a tariff change between releases).
 */
export function useRateCard() {
  return useQuery({ ...rateCardQueryOptions(), placeholderData: RATE_CARD });
}
