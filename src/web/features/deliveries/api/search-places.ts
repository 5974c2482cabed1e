import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { placesResultSchema } from '@/shared/schemas/places';
import { PLACES_QUERY_MAX } from '@/shared/rule-limits';
import { apiRequest } from '@/web/lib/api-client';

/** The gazetteer stays on the server: each search asks `GET /api/places` (at most 20, best first). */
export function searchPlaces(query: string, signal?: AbortSignal) {
  return apiRequest('/places', placesResultSchema, { query: { q: query }, signal });
}

/** The same text is the same answer for a while: the gazetteer changes with a release, not by the minute. */
export const placeSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['places', 'search', query] as const,
    // The signal aborts a search nobody waits for any more (the text changed while it ran).
    queryFn: ({ signal }) => searchPlaces(query, signal),
    staleTime: 10 * 60_000,
    select: (result) => result.items,
  });

/** Places for `query` (already debounced and trimmed by the caller); nothing is asked for an empty text. */
export function usePlaceSearch(query: string) {
  const q = query.trim().slice(0, PLACES_QUERY_MAX);
  return useQuery({ ...placeSearchQueryOptions(q), enabled: q.length > 0, placeholderData: keepPreviousData });
}
