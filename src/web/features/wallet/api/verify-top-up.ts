import { useMutation, useQueryClient } from '@tanstack/react-query';
import { topUpVerifyResultSchema, type TopUpVerifyResult } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { DASHBOARD_SUMMARY_KEY, UNREAD_COUNT_KEY, WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY } from '@/web/lib/query-keys';
import { USER_PROFILE_KEY } from '@/web/lib/user-profile';

/** `POST /api/wallet/top-ups/{reference}/verify`, on the way back from the checkout. Verifying twice credits once. */
export async function verifyTopUp(reference: string): Promise<TopUpVerifyResult> {
  return topUpVerifyResultSchema.parse(
    await apiRequest<unknown>(`/wallet/top-ups/${encodeURIComponent(reference)}/verify`, { method: 'POST' }),
  );
}

export function useVerifyTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTopUp,
    onSettled: () =>
      Promise.all(
        [WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY, USER_PROFILE_KEY, DASHBOARD_SUMMARY_KEY, UNREAD_COUNT_KEY].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
