import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookQueuedSchema } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

/** `POST /api/webhook-endpoints/{id}/test`: a `webhook_endpoint.test` event, signed like any other. */
export function sendWebhookTestEvent(endpointId: string) {
  return apiRequest(`/webhook-endpoints/${endpointId}/test`, webhookQueuedSchema, { method: 'POST' });
}

export function useSendWebhookTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendWebhookTestEvent,
    onSuccess: (_queued, endpointId) => queryClient.invalidateQueries({ queryKey: [...WEBHOOK_ENDPOINTS_KEY, endpointId] }),
  });
}
