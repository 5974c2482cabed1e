import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorWithdrawalSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { OPERATOR_SUMMARY_KEY } from '@/web/lib/query-keys';
import { dispatchKeys } from './query-keys';

export type WithdrawalOutcome = { id: string; outcome: 'paid'; transferReference: string } | { id: string; outcome: 'failed'; reason?: string };

/**
 * `POST /api/dispatch/withdrawals/{id}/mark-paid` with the bank's reference for the transfer (decision 089), or
 * `…/mark-failed` with an optional reason (the held money returns to the wallet of whoever asked for it).
 */
export function settleWithdrawal(request: WithdrawalOutcome) {
  const path = `/dispatch/withdrawals/${encodeURIComponent(request.id)}/${request.outcome === 'paid' ? 'mark-paid' : 'mark-failed'}`;
  const body =
    request.outcome === 'paid' ? { transferReference: request.transferReference } : request.reason ? { reason: request.reason } : {};
  return apiRequest(path, operatorWithdrawalSchema, { body });
}

export function useSettleWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleWithdrawal,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.withdrawals() });
      void queryClient.invalidateQueries({ queryKey: OPERATOR_SUMMARY_KEY });
    },
  });
}
