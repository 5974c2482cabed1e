import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { walletTransactionsPageSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { WALLET_TRANSACTIONS_KEY } from '@/web/lib/query-keys';

export interface TransactionsQuery {
  limit: number;
}

/** `GET /api/wallet/transactions?limit&cursor`: the wallet's history, newest first, one keyset page at a time. */
export function getWalletTransactions(params: TransactionsQuery, cursor: string | null, signal?: AbortSignal) {
  const query = { limit: params.limit, cursor: cursor ?? undefined };
  return apiRequest('/wallet/transactions', walletTransactionsPageSchema, { query, signal });
}

export const walletTransactionsQueryOptions = (params: TransactionsQuery) =>
  infiniteQueryOptions({
    queryKey: [...WALLET_TRANSACTIONS_KEY, params],
    queryFn: ({ signal, pageParam }) => getWalletTransactions(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useWalletTransactions(params: TransactionsQuery) {
  return useInfiniteQuery(walletTransactionsQueryOptions(params));
}
