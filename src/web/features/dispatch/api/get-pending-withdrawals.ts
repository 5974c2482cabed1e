import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorWithdrawalSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

/** `GET /api/dispatch/withdrawals?status=pending`: the queue to pay by hand, newest first. */
export async function getPendingWithdrawals(signal?: AbortSignal) {
  const data = await apiRequest<unknown>('/dispatch/withdrawals', { query: { status: 'pending' }, signal });
  return z.array(operatorWithdrawalSchema).parse(data);
}

export const pendingWithdrawalsQueryOptions = () =>
  queryOptions({ queryKey: dispatchKeys.withdrawals(), queryFn: ({ signal }) => getPendingWithdrawals(signal) });

export function usePendingWithdrawals() {
  return useQuery(pendingWithdrawalsQueryOptions());
}
