import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { webhookAttemptsPageSchema } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

const PAGE_SIZE = 20;

/** `GET /api/webhook-endpoints/{id}/attempts`: the attempt log, newest first, one keyset page at a time. */
export function getWebhookAttempts(endpointId: string, cursor: string | null, signal?: AbortSignal) {
  return apiRequest(`/webhook-endpoints/${endpointId}/attempts`, webhookAttemptsPageSchema, {
    query: { limit: PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

export const webhookAttemptsQueryOptions = (endpointId: string) =>
  infiniteQueryOptions({
    queryKey: [...WEBHOOK_ENDPOINTS_KEY, endpointId, 'attempts'],
    queryFn: ({ signal, pageParam }) => getWebhookAttempts(endpointId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useWebhookAttempts(endpointId: string) {
  return useInfiniteQuery(webhookAttemptsQueryOptions(endpointId));
}
