import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { deliveriesPageSchema, type deliveriesQuerySchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';

export type DeliveriesPage = z.infer<typeof deliveriesPageSchema>;
export type DeliveriesQuery = z.output<typeof deliveriesQuerySchema>;
export type StatusFilter = DeliveriesQuery['status'];

export const deliveriesQueryOptions = (params: DeliveriesQuery) =>
  queryOptions({
    queryKey: deliveryKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/deliveries', deliveriesPageSchema, { query: params, signal }),
    // Keep the current page on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useDeliveries(params: DeliveriesQuery) {
  return useQuery(deliveriesQueryOptions(params));
}
