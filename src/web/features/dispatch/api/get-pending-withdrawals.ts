import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { operatorWithdrawalsPageSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

const PAGE_SIZE = 20;

/** `GET /api/dispatch/withdrawals?status=pending&limit&cursor`: the queue to pay by hand, newest first, a page at a time. */
export function getPendingWithdrawals(cursor: string | null, signal?: AbortSignal) {
  return apiRequest('/dispatch/withdrawals', operatorWithdrawalsPageSchema, {
    query: { status: 'pending', limit: PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
}

export const pendingWithdrawalsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dispatchKeys.withdrawals(),
    queryFn: ({ signal, pageParam }) => getPendingWithdrawals(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePendingWithdrawals() {
  return useInfiniteQuery(pendingWithdrawalsQueryOptions());
}
