import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  operatorApplicationSchema,
  operatorApplicationsPageSchema,
  type ApplicationStatusFilter,
  type OperatorApplication,
  type PartnerType,
} from '@/shared/schemas/partners';
import { apiRequest } from '@/web/lib/api-client';
import { OPERATOR_SUMMARY_KEY } from '@/web/lib/query-keys';

export const OPERATOR_APPLICATIONS_KEY = ['operator', 'partner-applications'] as const;
const PAGE_SIZE = 20;

export interface ApplicationFilter {
  status?: ApplicationStatusFilter;
  type?: PartnerType;
}

/** `GET /api/operator/partner-applications?status=&type=&limit=&cursor=`: newest first, a keyset page at a time. */
export function getOperatorApplications(filter: ApplicationFilter, cursor: string | null, signal?: AbortSignal) {
  return apiRequest('/operator/partner-applications', operatorApplicationsPageSchema, {
    query: { ...filter, limit: PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

export const operatorApplicationsQueryOptions = (filter: ApplicationFilter) =>
  infiniteQueryOptions({
    queryKey: [...OPERATOR_APPLICATIONS_KEY, filter],
    queryFn: ({ signal, pageParam }) => getOperatorApplications(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export function useOperatorApplications(filter: ApplicationFilter) {
  return useInfiniteQuery(operatorApplicationsQueryOptions(filter));
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
    onSettled: () => {
      // The operator's home counts the applications waiting for a decision (decision 060).
      void queryClient.invalidateQueries({ queryKey: OPERATOR_SUMMARY_KEY });
      return queryClient.invalidateQueries({ queryKey: OPERATOR_APPLICATIONS_KEY });
    },
  });
}

/** Where the browser opens a document (the server checks who may). */
export const documentUrl = (applicationId: string, documentId: string) =>
  `/api/partner-applications/${encodeURIComponent(applicationId)}/documents/${encodeURIComponent(documentId)}`;
