import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deliverySearchResultSchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';

/** `GET /api/deliveries/search?q=`: at most 50 of my deliveries by id, tracking id, receiver name or phone. */
export const deliverySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: deliveryKeys.search(q),
    queryFn: ({ signal }) => apiRequest('/deliveries/search', deliverySearchResultSchema, { query: { q }, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export function useDeliverySearch(q: string) {
  return useQuery(deliverySearchQueryOptions(q));
}

/** The export is a plain download: the browser sends the session cookie and saves the file. */
export const DELIVERIES_EXPORT_URL = '/api/deliveries/export.csv';
