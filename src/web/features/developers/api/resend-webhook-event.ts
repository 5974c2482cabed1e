import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookQueuedSchema } from '@/shared/schemas/webhooks';
import { apiRequest } from '@/web/lib/api-client';
import { WEBHOOK_ENDPOINTS_KEY } from './get-webhook-endpoints';

/** `POST /api/webhook-endpoints/{id}/events/{eventId}/resend`: the same event, same id, again now. */
export function resendWebhookEvent({ endpointId, eventId }: { endpointId: string; eventId: string }) {
  return apiRequest(`/webhook-endpoints/${endpointId}/events/${eventId}/resend`, webhookQueuedSchema, { method: 'POST' });
}

export function useResendWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookEvent,
    onSuccess: (_queued, { endpointId }) => queryClient.invalidateQueries({ queryKey: [...WEBHOOK_ENDPOINTS_KEY, endpointId] }),
  });
}
