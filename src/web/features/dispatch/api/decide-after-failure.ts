import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchDeliverySchema, type AfterFailureDecision } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/after-failure`: after a failed attempt, out again or back to the shipper. */
export function decideAfterFailure({ deliveryId, decision }: { deliveryId: string; decision: AfterFailureDecision }) {
  return apiRequest(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/after-failure`, dispatchDeliverySchema, { body: { decision } });
}

export function useDecideAfterFailure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideAfterFailure, onSettled: () => void invalidateDispatch(queryClient) });
}
