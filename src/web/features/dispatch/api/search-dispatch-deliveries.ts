import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchSearchResultSchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

/** `GET /api/dispatch/deliveries/search?q=`: a paid delivery by its delivery id or tracking id (at most one). */
export const dispatchSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: dispatchKeys.search(q),
    queryFn: ({ signal }) => apiRequest('/dispatch/deliveries/search', dispatchSearchResultSchema, { query: { q }, signal }),
    enabled: q !== '',
  });

export function useDispatchSearch(q: string) {
  return useQuery(dispatchSearchQueryOptions(q));
}
