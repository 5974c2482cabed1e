import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Delivery } from '@/shared/schemas/deliveries';
import { verifyPaymentResultSchema } from '@/shared/schemas/payments';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys, invalidateDeliveryData } from './query-keys';

export function verifyPayment(reference: string, deliveryId: string): Promise<Delivery> {
  return apiRequest('/payments/verify', verifyPaymentResultSchema, {
    method: 'POST',
    body: {},
    query: { reference, delivery_id: deliveryId },
  });
}

/**
 * Verification is idempotent on the server, so it is a query keyed by the reference: a reload asks
 * again safely, and React's doubled effects in development never send a second request.
 */
export function useVerifyPayment(reference: string | null, deliveryId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payment-verify', reference, deliveryId] as const,
    queryFn: async () => {
      let delivery;
      try {
        delivery = await verifyPayment(reference ?? '', deliveryId ?? '');
      } catch (error) {
        // A refused payment may still have moved money (credited to the wallet) and written a notification.
        await invalidateDeliveryData(queryClient);
        throw error;
      }
      queryClient.setQueryData(deliveryKeys.detail(delivery.id), delivery);
      await invalidateDeliveryData(queryClient);
      return delivery;
    },
    enabled: Boolean(reference && deliveryId),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
