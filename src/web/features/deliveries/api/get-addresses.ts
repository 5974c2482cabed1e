import { queryOptions, useQuery } from '@tanstack/react-query';
import { addressListSchema } from '@/shared/schemas/places';
import { apiRequest } from '@/web/lib/api-client';

export const ADDRESSES_KEY = ['addresses'] as const;

export function getAddresses(signal?: AbortSignal) {
  return apiRequest('/addresses', addressListSchema, { signal });
}

export const addressesQueryOptions = () =>
  queryOptions({ queryKey: ADDRESSES_KEY, queryFn: ({ signal }) => getAddresses(signal), select: (result) => result.items });

/** The signed-in user's address book (at most 100), oldest first. */
export function useAddresses() {
  return useQuery(addressesQueryOptions());
}
