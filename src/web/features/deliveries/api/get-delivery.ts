import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliverySchema, type Delivery } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';

export function getDelivery(id: string, signal?: AbortSignal): Promise<Delivery> {
  return apiRequest(`/deliveries/${encodeURIComponent(id)}`, deliverySchema, { signal });
}

export const deliveryQueryOptions = (id: string) =>
  queryOptions({ queryKey: deliveryKeys.detail(id), queryFn: ({ signal }) => getDelivery(id, signal) });

export function useDelivery(id: string | null) {
  return useQuery({ ...deliveryQueryOptions(id ?? ''), enabled: Boolean(id) });
}
