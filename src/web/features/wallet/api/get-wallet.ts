import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletStatsSchema, type WalletStats } from '@/shared/schemas/wallet-money';
import { apiRequest } from '@/web/lib/api-client';
import { WALLET_SUMMARY_KEY } from '@/web/lib/query-keys';

/** `GET /api/wallet`: integer kobo throughout. */
export function getWallet(signal?: AbortSignal): Promise<WalletStats> {
  return apiRequest('/wallet', walletStatsSchema, { signal });
}

export const walletQueryOptions = () =>
  queryOptions({ queryKey: WALLET_SUMMARY_KEY, queryFn: ({ signal }) => getWallet(signal) });

export function useWallet() {
  return useQuery(walletQueryOptions());
}
