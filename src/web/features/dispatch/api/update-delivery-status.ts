import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryStatus } from '@/shared/schemas/deliveries';
import { dispatchDeliverySchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/status`: one step on the road, as the lifecycle allows. */
export function updateDeliveryStatus({ deliveryId, status }: { deliveryId: string; status: DeliveryStatus }) {
  return apiRequest(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/status`, dispatchDeliverySchema, {
    body: { status },
  });
}

export function useUpdateDeliveryStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDeliveryStatus, onSettled: () => void invalidateDispatch(queryClient) });
}
