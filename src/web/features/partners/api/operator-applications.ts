import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  operatorApplicationSchema,
  type ApplicationStatus,
  type OperatorApplication,
  type PartnerType,
} from '@/shared/schemas/partners';
import { apiRequest } from '@/web/lib/api-client';

const applicationsSchema = z.array(operatorApplicationSchema);

export const OPERATOR_APPLICATIONS_KEY = ['operator', 'partner-applications'] as const;

export interface ApplicationFilter {
  status?: ApplicationStatus;
  type?: PartnerType;
}

/** `GET /api/operator/partner-applications?status=&type=`: newest first. */
export function getOperatorApplications(filter: ApplicationFilter, signal?: AbortSignal): Promise<OperatorApplication[]> {
  return apiRequest('/operator/partner-applications', applicationsSchema, { query: { ...filter }, signal });
}

export const operatorApplicationsQueryOptions = (filter: ApplicationFilter) =>
  queryOptions({
    queryKey: [...OPERATOR_APPLICATIONS_KEY, filter],
    queryFn: ({ signal }) => getOperatorApplications(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useOperatorApplications(filter: ApplicationFilter) {
  return useQuery(operatorApplicationsQueryOptions(filter));
}

export type Decision = { action: 'start-review' | 'approve'; id: string } | { action: 'reject'; id: string; reason: string };

/** `POST /api/operator/partner-applications/{id}/start-review | approve | reject`. */
export function decideApplication(decision: Decision): Promise<OperatorApplication> {
  const body = decision.action === 'reject' ? { reason: decision.reason } : undefined;
  const path = `/operator/partner-applications/${encodeURIComponent(decision.id)}/${decision.action}`;
  return apiRequest(path, operatorApplicationSchema, { method: 'POST', body });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPERATOR_APPLICATIONS_KEY }),
  });
}

/** Where the browser opens a document (the server checks who may). */
export const documentUrl = (applicationId: string, documentId: string) =>
  `/api/partner-applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}`;
