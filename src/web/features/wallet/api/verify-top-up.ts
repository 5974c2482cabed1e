import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topUpVerifyResultSchema, type TopUpVerifyResult } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { AFTER_WALLET_MOVEMENT, invalidateGroup } from '@/web/lib/query-keys';

/** `POST /api/wallet/top-ups/{reference}/verify`, on the way back from the checkout. Verifying twice credits once. */
export function verifyTopUp(reference: string): Promise<TopUpVerifyResult> {
  return apiRequest(`/wallet/top-ups/${encodeURIComponent(reference)}/verify`, topUpVerifyResultSchema, { method: 'POST' });
}

export function useVerifyTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTopUp,
    onSettled: () => invalidateGroup(queryClient, AFTER_WALLET_MOVEMENT),
  });
}
