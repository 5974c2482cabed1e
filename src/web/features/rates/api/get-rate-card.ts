import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RateCard } from '@/shared/pricing';
import { rateCardSchema } from '@/shared/schemas/quotes';
import { apiRequest } from '@/web/lib/api-client';

export function getRateCard(signal?: AbortSignal): Promise<RateCard> {
  return apiRequest('/rate-card', rateCardSchema, { signal });
}

/** The tariff changes with a release, not during a visit. */
export const rateCardQueryOptions = () =>
  queryOptions({ queryKey: ['rate-card'], queryFn: ({ signal }) => getRateCard(signal), staleTime: 60 * 60 * 1000 });

export function useRateCard() {
  return useQuery(rateCardQueryOptions());
}
