import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorHomeSummarySchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

/** `GET /api/dispatch/summary`: what waits on the board, in the applications console and the withdrawals queue. */
export function getDispatchSummary(signal?: AbortSignal) {
  return apiRequest('/dispatch/summary', operatorHomeSummarySchema, { signal });
}

export const dispatchSummaryQueryOptions = () =>
  queryOptions({
    queryKey: dispatchKeys.summary,
    queryFn: ({ signal }) => getDispatchSummary(signal),
    // Like the board: new payments and drivers' steps reach operators by polling (one capped count per queue).
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

export function useDispatchSummary() {
  return useQuery(dispatchSummaryQueryOptions());
}
