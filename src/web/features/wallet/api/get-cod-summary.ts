import { queryOptions, useQuery } from '@tanstack/react-query';
import { codSummarySchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { COD_SUMMARY_KEY } from '@/web/lib/query-keys';

/**
 * `GET /api/deliveries/cod-summary`: pay-on-delivery money, integer kobo: what was settled to the wallet on hand-over,
 * and what receivers have paid that waits for its hand-over (decision 053).
 */
export const codSummaryQueryOptions = () =>
  queryOptions({ queryKey: COD_SUMMARY_KEY, queryFn: ({ signal }) => apiRequest('/deliveries/cod-summary', codSummarySchema, { signal }) });

export function useCodSummary() {
  return useQuery(codSummaryQueryOptions());
}
