import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { operatorWithdrawalsPageSchema, type WithdrawalStatus } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

const PAGE_SIZE = 20;

/**
 * `GET /api/dispatch/withdrawals?status=&limit&cursor`: the queue to pay by hand (pending) or the history (paid,
 * failed, or all), newest first, a page at a time.
 */
export function getWithdrawals(status: WithdrawalStatus | undefined, cursor: string | null, signal?: AbortSignal) {
  return apiRequest('/dispatch/withdrawals', operatorWithdrawalsPageSchema, {
    query: { status, limit: PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

export const withdrawalsQueryOptions = (status: WithdrawalStatus | undefined) =>
  infiniteQueryOptions({
    queryKey: dispatchKeys.withdrawals(status),
    queryFn: ({ signal, pageParam }) => getWithdrawals(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export function useWithdrawals(status: WithdrawalStatus | undefined) {
  return useInfiniteQuery(withdrawalsQueryOptions(status));
}
