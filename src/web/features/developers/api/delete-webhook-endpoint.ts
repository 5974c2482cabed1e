import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

/** `DELETE /api/webhook-endpoints/{id}`: the endpoint and its attempt log. */
export function deleteWebhookEndpoint(id: string) {
  return apiRequest(`/webhook-endpoints/${id}`, z.null(), { method: 'DELETE' });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOK_ENDPOINTS_KEY }),
  });
}
