import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignDriverBody } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateDispatch } from './invalidate';

/** `POST /api/dispatch/deliveries/{id}/assign-driver`: assign or reassign; the receiver gets a new handover code. */
export async function assignDriver({ deliveryId, driverId }: AssignDriverBody & { deliveryId: string }) {
  await apiRequest<unknown>(`/dispatch/deliveries/${encodeURIComponent(deliveryId)}/assign-driver`, {
    body: { driverId } satisfies AssignDriverBody,
    allowEmptyData: true,
  });
}

export function useAssignDriver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignDriver, onSettled: () => void invalidateDispatch(queryClient) });
}
