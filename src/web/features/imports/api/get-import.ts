import { queryOptions, useQuery } from '@tanstack/react-query';
import { importSchema, type Import } from '@/shared/schemas/imports';
import { apiRequest } from '@/web/lib/api-client';

/** The imports feature's cache roots: each import, and the list. */
export const IMPORTS_KEY = ['imports'] as const;

/** While the server validates: ask again after 0.5 s, then a little later each time, at most every 4 s. */
export function validationPollDelay(attempt: number): number {
  return Math.min(4_000, Math.round(500 * 1.5 ** attempt));
}

/** `GET /api/imports/{id}`: its status, rows, total and errors per cell. */
export function getImport(id: string, signal?: AbortSignal) {
  return apiRequest(`/imports/${encodeURIComponent(id)}`, importSchema, { signal });
}

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'one', id],
    queryFn: ({ signal }) => getImport(id, signal),
    refetchInterval: (query) =>
      (query.state.data as Import | undefined)?.status === 'validating' ? validationPollDelay(query.state.dataUpdateCount) : false,
  });

export function useImport(id: string | null) {
  return useQuery({ ...importQueryOptions(id ?? ''), enabled: id !== null });
}
