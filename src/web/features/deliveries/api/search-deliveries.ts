import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deliverySearchResultSchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';
import type { DateRange } from '@/shared/schemas/date-range';

/** `GET /api/deliveries/search?q=&from=&to=`: at most 50 of my deliveries by id, tracking id, receiver name or phone. */
export const deliverySearchQueryOptions = (q: string, range: DateRange = {}) =>
  queryOptions({
    queryKey: deliveryKeys.search(q, range),
    queryFn: ({ signal }) => apiRequest('/deliveries/search', deliverySearchResultSchema, { query: { q, ...range }, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export function useDeliverySearch(q: string, range: DateRange = {}) {
  return useQuery(deliverySearchQueryOptions(q, range));
}

/** The export is a plain download (the browser sends the session cookie), of the list as filtered (decision 057). */
export function deliveriesExportUrl(filters: { status: string } & DateRange) {
  const query = new URLSearchParams();
  if (filters.status !== 'all') query.set('status', filters.status);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return `/api/deliveries/export.csv${text ? `?${text}` : ''}`;
}
