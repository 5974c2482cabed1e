import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchSearchResultSchema, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import type { DateRange } from '@/shared/schemas/date-range';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

/**
 * `GET /api/dispatch/deliveries/search?q=&status=&from=&to=`: a paid delivery by its delivery id or tracking id, or
 * those of the tab and dates whose receiver's name or phone matches (at most 50).
 */
export const dispatchSearchQueryOptions = (q: string, status: DispatchBoardFilter, range: DateRange = {}) =>
  queryOptions({
    queryKey: dispatchKeys.search(q, status, range),
    queryFn: ({ signal }) => apiRequest('/dispatch/deliveries/search', dispatchSearchResultSchema, { query: { q, status, ...range }, signal }),
    enabled: q !== '',
  });

export function useDispatchSearch(q: string, status: DispatchBoardFilter, range: DateRange = {}) {
  return useQuery(dispatchSearchQueryOptions(q, status, range));
}

/** The board's CSV, as shown: the tab, the search and the dates (a plain download with the session cookie). */
export function boardExportUrl(filters: { status: DispatchBoardFilter; q: string } & DateRange) {
  const query = new URLSearchParams({ status: filters.status });
  if (filters.q) query.set('q', filters.q);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return `/api/dispatch/deliveries/export.csv?${query.toString()}`;
}
