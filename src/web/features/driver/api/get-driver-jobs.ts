import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { driverJobsPageSchema, type DRIVER_JOB_SCOPES } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY } from '@/web/lib/query-keys';

export type DriverJobScope = (typeof DRIVER_JOB_SCOPES)[number];

const PAGE_SIZE = 20;

export const driverJobsKey = (scope: DriverJobScope) => [...DRIVER_JOBS_KEY, scope] as const;

/** `GET /api/driver/jobs?scope=active|completed&limit&cursor`: the signed-in driver's own jobs, a page at a time. */
export function getDriverJobs(scope: DriverJobScope, cursor: string | null, signal?: AbortSignal) {
  return apiRequest('/driver/jobs', driverJobsPageSchema, { query: { scope, limit: PAGE_SIZE, cursor: cursor ?? undefined }, signal });
}

export const driverJobsQueryOptions = (scope: DriverJobScope) =>
  infiniteQueryOptions({
    queryKey: driverJobsKey(scope),
    queryFn: ({ signal, pageParam }) => getDriverJobs(scope, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A new assignment is not pushed to the driver: asked again when they come back to the app (after a call, a map),
    // which costs a slow phone far less than polling.
    refetchOnWindowFocus: true,
  });

export function useDriverJobs(scope: DriverJobScope) {
  return useInfiniteQuery(driverJobsQueryOptions(scope));
}
