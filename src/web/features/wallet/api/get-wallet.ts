import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';
import { WALLET_SUMMARY_KEY } from '@/web/lib/query-keys';

/** `GET /api/wallet`: integer kobo throughout. */
export const walletSummarySchema = z.object({
  balance: z.number().int(),
  thisMonthSpentKobo: z.number().int(),
  lastMonthSpentKobo: z.number().int(),
  monthlyAverageSpentKobo: z.number().int(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

export async function getWallet(signal?: AbortSignal): Promise<WalletSummary> {
  return walletSummarySchema.parse(await apiRequest<unknown>('/wallet', { signal }));
}

export const walletQueryOptions = () =>
  queryOptions({ queryKey: WALLET_SUMMARY_KEY, queryFn: ({ signal }) => getWallet(signal) });

export function useWallet() {
  return useQuery(walletQueryOptions());
}
