import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/complete`: delivered without the code, once the driver is locked out. */
export async function completeDelivery({ deliveryId, note }: { deliveryId: string; note: string }) {
  await apiRequest<unknown>(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/complete`, {
    body: { note },
    allowEmptyData: true,
  });
}

export function useCompleteDelivery() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: completeDelivery, onSettled: () => void invalidateDispatch(queryClient) });
}
