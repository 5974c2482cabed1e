import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverHomeSummarySchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_SUMMARY_KEY } from '@/web/lib/query-keys';

/** `GET /api/driver/summary`: active jobs, today's earnings (Lagos day) and whether operators can assign work. */
export function getDriverSummary(signal?: AbortSignal) {
  return apiRequest('/driver/summary', driverHomeSummarySchema, { signal });
}

export const driverSummaryQueryOptions = () =>
  queryOptions({
    // Under the driver's jobs' root: whatever refreshes the jobs (a step, a hand-over) refreshes the summary.
    queryKey: DRIVER_SUMMARY_KEY,
    queryFn: ({ signal }) => getDriverSummary(signal),
    refetchOnWindowFocus: true,
  });

export function useDriverSummary() {
  return useQuery(driverSummaryQueryOptions());
}
