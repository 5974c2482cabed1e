import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deliverySchema, type BookingBody, type Delivery } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys, invalidateDeliveryData } from './query-keys';

/** Edits an unpaid booking; the server re-prices it and renews the 30-minute price lock. */
export function updateBooking({ id, body }: { id: string; body: BookingBody }): Promise<Delivery> {
  return apiRequest(`/update-booking/${encodeURIComponent(id)}`, deliverySchema, { method: 'POST', body });
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBooking,
    onSuccess: async (delivery) => {
      queryClient.setQueryData(deliveryKeys.detail(delivery.id), delivery);
      await invalidateDeliveryData(queryClient);
    },
  });
}
