import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverySchema, type Delivery } from '@/shared/schemas/deliveries';
import type { AfterFailureDecision } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDeliveryData } from './query-keys';

/** `POST /api/deliveries/{id}/after-failure`: the shipper's decision after a failed attempt. */
export function decideAfterFailure({ id, decision }: { id: string; decision: AfterFailureDecision }): Promise<Delivery> {
  return apiRequest(`/deliveries/${encodeURIComponent(id)}/after-failure`, deliverySchema, { body: { decision } });
}

export function useDecideAfterFailure() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: decideAfterFailure, onSettled: () => invalidateDeliveryData(queryClient) });
}
