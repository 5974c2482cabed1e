import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { partnerApplicationSchema, type PartnerApplication } from '@/shared/schemas/partners';
import { apiRequest } from '@/web/lib/api-client';

const applicationsSchema = z.array(partnerApplicationSchema);

export const MY_APPLICATIONS_KEY = ['partner-applications', 'mine'] as const;

/** `GET /api/partner-applications/mine`: the signed-in user's applications, newest first. */
export function getMyApplications(signal?: AbortSignal): Promise<PartnerApplication[]> {
  return apiRequest('/partner-applications/mine', applicationsSchema, { signal });
}

export const myApplicationsQueryOptions = () =>
  queryOptions({ queryKey: MY_APPLICATIONS_KEY, queryFn: ({ signal }) => getMyApplications(signal) });

export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
