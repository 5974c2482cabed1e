import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointSchema, type UpdateWebhookEndpointBody } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

/** `PATCH /api/webhook-endpoints/{id}`: its events, or switched on or off. */
export function updateWebhookEndpoint({ id, ...body }: UpdateWebhookEndpointBody & { id: string }) {
  return apiRequest(`/webhook-endpoints/${id}`, webhookEndpointSchema, { method: 'PATCH', body });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_KEY }),
  });
}
