import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RateCard } from '@/shared/pricing';
import { apiRequest } from '@/web/lib/api-client';

export function getRateCard(signal?: AbortSignal) {
  return apiRequest<RateCard>('/rate-card', { signal });
}

/** The tariff changes with a release, not during a visit. */
export const rateCardQueryOptions = () =>
  queryOptions({ queryKey: ['rate-card'], queryFn: ({ signal }) => getRateCard(signal), staleTime: 60 * 60 * 1000 });

export function useRateCard() {
  return useQuery(rateCardQueryOptions());
}
