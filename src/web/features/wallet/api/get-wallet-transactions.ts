import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';
import { WALLET_TRANSACTIONS_KEY } from '@/web/lib/query-keys';

/** One ledger movement of the wallet; `amountKobo` is negative for money out. */
export const walletTransactionSchema = z.preprocess(
  // The contract says `createdAt`; the wallet branch sends `date`. Either is the moment of the movement.
  (row) => (row && typeof row === 'object' && !('createdAt' in row) && 'date' in row ? { ...row, createdAt: row.date } : row),
  z.object({
    id: z.string(),
    /** topup, payment, refund, withdrawal, and whatever the ledger adds later (shown under a generic label). */
    type: z.string(),
    amountKobo: z.number().int(),
    createdAt: z.string(),
    /** A full i18n key (`walletMoney.transactions.topup`), with its params. */
    descriptionKey: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
    /** A withdrawal's: pending, paid or failed. */
    status: z.string().nullish(),
  }),
);
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsPageSchema = z.object({
  items: z.array(walletTransactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type WalletTransactionsPage = z.infer<typeof walletTransactionsPageSchema>;

export interface TransactionsQuery {
  page: number;
  pageSize: number;
}

export async function getWalletTransactions(params: TransactionsQuery, signal?: AbortSignal) {
  const query = { page: params.page, pageSize: params.pageSize };
  return walletTransactionsPageSchema.parse(await apiRequest<unknown>('/wallet/transactions', { query, signal }));
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
