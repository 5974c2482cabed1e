import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { dashboardSummarySchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { DASHBOARD_SUMMARY_KEY } from './query-keys';

export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const dashboardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: DASHBOARD_SUMMARY_KEY,
    queryFn: ({ signal }) => apiRequest('/dashboard/summary', dashboardSummarySchema, { signal }),
  });

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
