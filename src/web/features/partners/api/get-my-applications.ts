import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { partnerApplicationSchema, type PartnerApplication } from '@/shared/schemas/partners';
import { apiRequest } from '@/web/lib/api-client';

export const MY_APPLICATIONS_KEY = ['partner-applications', 'mine'] as const;

/** `GET /api/partner-applications/mine`: the signed-in user's applications, newest first. */
export async function getMyApplications(signal?: AbortSignal): Promise<PartnerApplication[]> {
  return z.array(partnerApplicationSchema).parse(await apiRequest<unknown>('/partner-applications/mine', { signal }));
}

export const myApplicationsQueryOptions = () =>
  queryOptions({ queryKey: MY_APPLICATIONS_KEY, queryFn: ({ signal }) => getMyApplications(signal) });

export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
