import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointListSchema } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';

/** Every query of the webhooks section starts with this key: a change invalidates them together. */
export const WEBHOOK_ENDPOINTS_KEY = ['webhook-endpoints'] as const;

/** `GET /api/webhook-endpoints`: the signed-in merchant's endpoints, newest first (never their secrets). */
export function getWebhookEndpoints(signal?: AbortSignal) {
  return apiRequest('/webhook-endpoints', webhookEndpointListSchema, { signal });
}

export const webhookEndpointsQueryOptions = () =>
  queryOptions({ queryKey: [...WEBHOOK_ENDPOINTS_KEY, 'list'], queryFn: ({ signal }) => getWebhookEndpoints(signal) });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions());
}
