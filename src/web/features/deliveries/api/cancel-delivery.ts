import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDeliveryData } from './query-keys';

export function cancelDelivery(id: string) {
  return apiRequest<Delivery>(`/deliveries/${encodeURIComponent(id)}/cancel`, { method: 'POST', body: {} });
}

export function useCancelDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDelivery,
    onSettled: () => invalidateDeliveryData(queryClient),
  });
}
