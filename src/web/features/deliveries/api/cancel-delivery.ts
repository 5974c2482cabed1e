import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverySchema, type Delivery } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDeliveryData } from './query-keys';

export function cancelDelivery(id: string): Promise<Delivery> {
  return apiRequest(`/deliveries/${encodeURIComponent(id)}/cancel`, deliverySchema, { method: 'POST', body: {} });
}

export function useCancelDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDelivery,
    onSettled: () => invalidateDeliveryData(queryClient),
  });
}
