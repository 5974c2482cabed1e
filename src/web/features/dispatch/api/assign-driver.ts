import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchDeliverySchema, type AssignDriverBody } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/assign-driver`: assign or reassign (the receiver's code goes with the pickup). */
export function assignDriver({ deliveryId, driverId }: AssignDriverBody & { deliveryId: string }) {
  return apiRequest(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/assign-driver`, dispatchDeliverySchema, {
    body: { driverId } satisfies AssignDriverBody,
  });
}

export function useAssignDriver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignDriver, onSettled: () => void invalidateDispatch(queryClient) });
}
