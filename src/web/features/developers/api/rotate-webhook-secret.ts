import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointWithSecretSchema } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

/** `POST /api/webhook-endpoints/{id}/rotate-secret`: the new secret, shown once; the old one signs for 24 hours more. */
export function rotateWebhookSecret(id: string) {
  return apiRequest(`/webhook-endpoints/${id}/rotate-secret`, webhookEndpointWithSecretSchema, { method: 'POST' });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_KEY }),
  });
}
