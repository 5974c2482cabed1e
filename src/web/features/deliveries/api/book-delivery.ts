import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingBody, Delivery } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys, invalidateDeliveryData } from './query-keys';

export function bookDelivery(body: BookingBody) {
  return apiRequest<Delivery>('/book-delivery', { method: 'POST', body });
}

export function useBookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookDelivery,
    onSuccess: async (delivery) => {
      queryClient.setQueryData(deliveryKeys.detail(delivery.id), delivery);
      await invalidateDeliveryData(queryClient);
    },
  });
}
