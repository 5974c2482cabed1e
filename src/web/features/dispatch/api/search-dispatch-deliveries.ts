import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchSearchResultSchema, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import type { DateRange } from '@/shared/schemas/date-range';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';
import type { BoardTabParams } from './get-dispatch-deliveries';

/**
 * `GET /api/dispatch/deliveries/search?q=&status=&driverId=&from=&to=`: a paid delivery by its delivery id or tracking
 * id, or those of the tab (and driver) and dates whose receiver's name or phone matches (at most 50).
 */
export const dispatchSearchQueryOptions = (q: string, status: DispatchBoardFilter, filters: DateRange & { driverId?: string } = {}) =>
  queryOptions({
    queryKey: dispatchKeys.search(q, status, filters),
    queryFn: ({ signal }) => apiRequest('/dispatch/deliveries/search', dispatchSearchResultSchema, { query: { q, status, ...filters }, signal }),
    enabled: q !== '',
  });

export function useDispatchSearch(q: string, status: DispatchBoardFilter, filters: DateRange & { driverId?: string } = {}) {
  return useQuery(dispatchSearchQueryOptions(q, status, filters));
}

/** The board's CSV, as shown: the tab, its driver, the search and the dates (a plain download with the session cookie). */
export function boardExportUrl(filters: BoardTabParams & { q: string }) {
  const query = new URLSearchParams({ status: filters.status });
  if (filters.driverId) query.set('driverId', filters.driverId);
  if (filters.q) query.set('q', filters.q);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  return `/api/dispatch/deliveries/export.csv?${query.toString()}`;
}
