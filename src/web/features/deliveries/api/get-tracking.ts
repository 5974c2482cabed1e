import { queryOptions, useQuery } from '@tanstack/react-query';
import { trackingResultSchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { trackingKey } from './query-keys';

export const trackingQueryOptions = (trackingId: string) =>
  queryOptions({
    queryKey: trackingKey(trackingId),
    queryFn: ({ signal }) => apiRequest(`/tracking/${encodeURIComponent(trackingId)}`, trackingResultSchema, { signal }),
    staleTime: 10_000,
  });

export function useTracking(trackingId: string | null) {
  return useQuery({ ...trackingQueryOptions(trackingId ?? ''), enabled: Boolean(trackingId) });
}
