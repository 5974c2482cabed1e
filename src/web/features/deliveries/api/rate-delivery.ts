import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryRating, TrackingResult } from '@/shared/schemas/deliveries';
import type { RateDeliveryBody } from '@/shared/schemas/dispatch';
import { deliveryRatingSchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { TRACKING_KEY } from '@/web/lib/query-keys';
import { trackingKey } from './query-keys';

/** `POST /api/deliveries/{id}/rating`: the customer rates the driver once, after delivery. */
export function rateDelivery({ deliveryId, ...body }: RateDeliveryBody & { deliveryId: string }): Promise<DeliveryRating> {
  return apiRequest(`/deliveries/${encodeURIComponent(deliveryId)}/rating`, deliveryRatingSchema, {
    body: body satisfies RateDeliveryBody,
  });
}

export function useRateDelivery(trackingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateDelivery,
    onSuccess: (rating) => {
      // Shown at once; the refetch brings the driver's new average.
      queryClient.setQueryData<TrackingResult>(trackingKey(trackingId), (old) => (old ? { ...old, myRating: rating } : old));
      return queryClient.invalidateQueries({ queryKey: TRACKING_KEY });
    },
  });
}
