import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { walletTransactionsPageSchema } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { WALLET_TRANSACTIONS_KEY } from '@/web/lib/query-keys';

export interface TransactionsQuery {
  page: number;
  pageSize: number;
}

export function getWalletTransactions(params: TransactionsQuery, signal?: AbortSignal) {
  const query = { page: params.page, pageSize: params.pageSize };
  return apiRequest('/wallet/transactions', walletTransactionsPageSchema, { query, signal });
}

export const walletTransactionsQueryOptions = (params: TransactionsQuery) =>
  queryOptions({
    queryKey: [...WALLET_TRANSACTIONS_KEY, params],
    queryFn: ({ signal }) => getWalletTransactions(params, signal),
    placeholderData: keepPreviousData,
  });

export function useWalletTransactions(params: TransactionsQuery) {
  return useQuery(walletTransactionsQueryOptions(params));
}
