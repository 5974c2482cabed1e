import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorWithdrawalSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

const withdrawalsSchema = z.array(operatorWithdrawalSchema);

/** `GET /api/dispatch/withdrawals?status=pending`: the queue to pay by hand, newest first. */
export function getPendingWithdrawals(signal?: AbortSignal) {
  return apiRequest('/dispatch/withdrawals', withdrawalsSchema, { query: { status: 'pending' }, signal });
}

export const pendingWithdrawalsQueryOptions = () =>
  queryOptions({ queryKey: dispatchKeys.withdrawals(), queryFn: ({ signal }) => getPendingWithdrawals(signal) });

export function usePendingWithdrawals() {
  return useQuery(pendingWithdrawalsQueryOptions());
}
