import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { importsPageSchema } from '@/shared/schemas/imports';
import { apiRequest } from '@/web/lib/api-client';
import { IMPORTS_KEY, validationPollDelay } from './get-import';

const PAGE_SIZE = 10;

/** `GET /api/imports?cursor&limit`: my imports, newest first, one keyset page at a time. */
export function getImports(cursor: string | null, signal?: AbortSignal) {
  return apiRequest('/imports', importsPageSchema, { query: { limit: PAGE_SIZE, cursor: cursor ?? undefined }, signal });
}

export const importsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...IMPORTS_KEY, 'list'],
    queryFn: ({ signal, pageParam }) => getImports(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // An import still being checked is listed as such until asked again: as its own view does, ask while one is.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'validating')) ? validationPollDelay(query.state.dataUpdateCount) : false,
  });

export function useImports() {
  return useInfiniteQuery(importsQueryOptions());
}
