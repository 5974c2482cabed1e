import { useMutation, useQueryClient } from '@tanstack/react-query';
import { initiatePaymentResultSchema, type InitiatePaymentBody, type InitiatePaymentResult } from '@/shared/schemas/payments';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys, invalidateDeliveryData } from './query-keys';

export type { PaymentMethod } from '@/shared/schemas/payments';

export function initiatePayment(body: InitiatePaymentBody): Promise<InitiatePaymentResult> {
  return apiRequest('/payments/initiate', initiatePaymentResultSchema, { method: 'POST', body });
}

export function useInitiatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: initiatePayment,
    onSuccess: async (result) => {
      // A wallet payment is complete here; a card payment changes nothing until it is verified.
      if (result.delivery) queryClient.setQueryData(deliveryKeys.detail(result.delivery.id), result.delivery);
      if (result.status === 'succeeded') await invalidateDeliveryData(queryClient);
    },
  });
}
