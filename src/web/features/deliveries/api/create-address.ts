import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressSchema, type Address, type AddressBody } from '@/shared/schemas/places';
import { apiRequest } from '@/web/lib/api-client';
import { ADDRESSES_KEY } from './get-addresses';

export function createAddress(body: AddressBody): Promise<Address> {
  return apiRequest('/addresses', addressSchema, { method: 'POST', body });
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY }),
  });
}
