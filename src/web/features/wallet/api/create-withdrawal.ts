import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalSchema, type Withdrawal } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { AFTER_WALLET_MOVEMENT, invalidateGroup } from '@/web/lib/query-keys';

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
export function createWithdrawal({ idempotencyKey, ...body }: WithdrawalRequest): Promise<Withdrawal> {
  return apiRequest('/wallet/withdrawals', withdrawalSchema, { body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => invalidateGroup(queryClient, AFTER_WALLET_MOVEMENT),
  });
}
