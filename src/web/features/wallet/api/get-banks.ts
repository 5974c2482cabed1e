import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';

const banksSchema = z.array(z.object({ code: z.string(), name: z.string() }));
export type BankOption = z.infer<typeof banksSchema>[number];

/** `GET /api/banks`: Nigerian banks a withdrawal can go to, with their codes. */
export async function getBanks(signal?: AbortSignal): Promise<BankOption[]> {
  return banksSchema.parse(await apiRequest<unknown>('/banks', { signal }));
}

export const banksQueryOptions = () =>
  queryOptions({ queryKey: ['banks'], queryFn: ({ signal }) => getBanks(signal), staleTime: 24 * 60 * 60 * 1000 });

export function useBanks(enabled: boolean) {
  return useQuery({ ...banksQueryOptions(), enabled });
}
