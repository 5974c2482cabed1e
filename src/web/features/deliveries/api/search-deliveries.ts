import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { deliverySearchResultSchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';
import type { DateRange } from '@/shared/schemas/date-range';
import type { DeliveryMode } from '@/shared/schemas/deliveries';

/** The list's mode and date range: a search and the export follow them (decisions 057, 079). */
export type SearchFilters = DateRange & { mode: DeliveryMode };

/** `GET /api/deliveries/search?q=&mode=&from=&to=`: at most 50 of my deliveries of the mode by id, tracking id, receiver name or phone. */
export const deliverySearchQueryOptions = (q: string, filters: SearchFilters) =>
  queryOptions({
    queryKey: deliveryKeys.search(q, filters),
    queryFn: ({ signal }) => apiRequest('/deliveries/search', deliverySearchResultSchema, { query: { q, ...filters }, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export function useDeliverySearch(q: string, filters: SearchFilters) {
  return useQuery(deliverySearchQueryOptions(q, filters));
}

/** The export is a plain download (the browser sends the session cookie), of the list as filtered (decision 057). */
export function deliveriesExportUrl(filters: { status: string; kind: string } & SearchFilters) {
  const query = new URLSearchParams();
  if (filters.mode !== 'live') query.set('mode', filters.mode);
  if (filters.status !== 'all') query.set('status', filters.status);
  if (filters.kind !== 'all') query.set('kind', filters.kind);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return `/api/deliveries/export.csv${text ? `?${text}` : ''}`;
}
