import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointWithSecretSchema, type CreateWebhookEndpointBody } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

/** `POST /api/webhook-endpoints`: the answer carries the signing secret, the only time it is shown. */
export function createWebhookEndpoint(body: CreateWebhookEndpointBody) {
  return apiRequest('/webhook-endpoints', webhookEndpointWithSecretSchema, { body });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_KEY }),
  });
}
