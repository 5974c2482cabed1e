import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { driverJobSchema, type DRIVER_JOB_SCOPES } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY } from '@/web/lib/query-keys';

export type DriverJobScope = (typeof DRIVER_JOB_SCOPES)[number];

const driverJobsSchema = z.array(driverJobSchema);

export const driverJobsKey = (scope: DriverJobScope) => [...DRIVER_JOBS_KEY, scope] as const;

/** `GET /api/driver/jobs?scope=active|completed`: the signed-in driver's own jobs. */
export function getDriverJobs(scope: DriverJobScope, signal?: AbortSignal) {
  return apiRequest('/driver/jobs', driverJobsSchema, { query: { scope }, signal });
}

export const driverJobsQueryOptions = (scope: DriverJobScope) =>
  queryOptions({
    queryKey: driverJobsKey(scope),
    queryFn: ({ signal }) => getDriverJobs(scope, signal),
    // A new assignment is not pushed to the driver: asked again when they come back to the app (after a call, a map),
    // which costs a slow phone far less than polling.
    refetchOnWindowFocus: true,
  });

export function useDriverJobs(scope: DriverJobScope) {
  return useQuery(driverJobsQueryOptions(scope));
}
