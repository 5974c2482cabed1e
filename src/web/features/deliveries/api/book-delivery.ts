import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverySchema, type BookingBody, type Delivery } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys, invalidateDeliveryData } from './query-keys';

export function bookDelivery(body: BookingBody): Promise<Delivery> {
  return apiRequest('/book-delivery', deliverySchema, { method: 'POST', body });
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
