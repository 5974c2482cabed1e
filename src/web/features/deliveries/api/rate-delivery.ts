import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryRating, TrackingResult } from '@/shared/schemas/deliveries';
import type { RateDeliveryBody } from '@/shared/schemas/dispatch';
import { deliveryRatingSchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { TRACKING_KEY } from '@/web/lib/query-keys';
import { trackingKey } from './query-keys';

/** `POST /api/deliveries/{id}/rating`: the customer rates the driver once, after delivery. */
export async function rateDelivery({ deliveryId, ...body }: RateDeliveryBody & { deliveryId: string }): Promise<DeliveryRating> {
  const data = await apiRequest<unknown>(`/deliveries/${encodeURIComponent(deliveryId)}/rating`, {
    body: body satisfies RateDeliveryBody,
    allowEmptyData: true,
  });
  const parsed = deliveryRatingSchema.safeParse(data);
  // The rating as given, when the answer does not repeat it.
  return parsed.success ? parsed.data : { stars: body.stars, comment: body.comment ?? null, createdAt: new Date().toISOString() };
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
