import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressBody } from '@/shared/schemas/places';
import { apiRequest } from '@/web/lib/api-client';
import { ADDRESSES_KEY } from './get-addresses';

export function createAddress(body: AddressBody) {
  return apiRequest<Address>('/addresses', { method: 'POST', body });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
