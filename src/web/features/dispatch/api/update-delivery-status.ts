import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryStatus } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/status`: one step on the road, as the lifecycle allows. */
export async function updateDeliveryStatus({ deliveryId, status }: { deliveryId: string; status: DeliveryStatus }) {
  await apiRequest<unknown>(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/status`, {
    body: { status },
    allowEmptyData: true,
  });
}

export function useUpdateDeliveryStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDeliveryStatus, onSettled: () => void invalidateDispatch(queryClient) });
}
