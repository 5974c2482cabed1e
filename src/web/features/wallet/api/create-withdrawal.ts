import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalSchema, type Withdrawal } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { DASHBOARD_SUMMARY_KEY, UNREAD_COUNT_KEY, WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY } from '@/web/lib/query-keys';
import { USER_PROFILE_KEY } from '@/web/lib/user-profile';

export interface WithdrawalRequest {
  amountKobo: number;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  /** One per dialog submission, reused when it is retried (after the password step too). */
  idempotencyKey: string;
}

/**
 * `POST /api/wallet/withdrawals`: the amount is held at once as a pending withdrawal. A 401/403
 * `REAUTH_REQUIRED` asks for the password again (`POST /api/reauth`), then the same request is retried.
 */
export async function createWithdrawal({ idempotencyKey, ...body }: WithdrawalRequest): Promise<Withdrawal> {
  return withdrawalSchema.parse(
    await apiRequest<unknown>('/wallet/withdrawals', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () =>
      Promise.all(
        [WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY, USER_PROFILE_KEY, DASHBOARD_SUMMARY_KEY, UNREAD_COUNT_KEY].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
