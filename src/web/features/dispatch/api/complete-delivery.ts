import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchDeliverySchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/complete`: delivered without the code, once the driver is locked out. */
export function completeDelivery({ deliveryId, note }: { deliveryId: string; note: string }) {
  return apiRequest(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/complete`, dispatchDeliverySchema, {
    body: { note },
  });
}

export function useCompleteDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeDelivery, onSettled: () => void invalidateDispatch(queryClient) });
}
