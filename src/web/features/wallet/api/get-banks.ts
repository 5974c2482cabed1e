import { queryOptions, useQuery } from '@tanstack/react-query';
import { banksResponseSchema, type Bank } from '@/shared/schemas/payouts';
import { apiRequest } from '@/web/lib/api-client';

export type BankOption = Bank;

/** `GET /api/banks`: Nigerian banks a withdrawal can go to, with their codes. */
export function getBanks(signal?: AbortSignal): Promise<BankOption[]> {
  return apiRequest('/banks', banksResponseSchema, { signal });
}

export const banksQueryOptions = () =>
  queryOptions({ queryKey: ['banks'], queryFn: ({ signal }) => getBanks(signal), staleTime: 24 * 60 * 60 * 1000 });

export function useBanks(enabled: boolean) {
  return useQuery({ ...banksQueryOptions(), enabled });
}
