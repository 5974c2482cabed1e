import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { deliveriesPageSchema, type deliveriesQuerySchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';

export type DeliveriesPage = z.infer<typeof deliveriesPageSchema>;
/** Pay on delivery (decision 053): every order, or only those the receiver pays on delivery. */
export const KIND_FILTERS = ['all', 'pay_on_delivery'] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];
export type DeliveriesQuery = Omit<z.output<typeof deliveriesQuerySchema>, 'cursor' | 'kind'> & { kind?: KindFilter };
export type StatusFilter = DeliveriesQuery['status'];

/** `GET /api/deliveries?mode=&status=&kind=&limit=&cursor=`: My Deliveries of one mode, newest first, one keyset page after another. */
export const deliveriesQueryOptions = (params: DeliveriesQuery) =>
  infiniteQueryOptions({
    queryKey: deliveryKeys.list(params),
    queryFn: ({ signal, pageParam }) =>
      apiRequest('/deliveries', deliveriesPageSchema, { query: { ...params, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useDeliveries(params: DeliveriesQuery) {
  return useInfiniteQuery(deliveriesQueryOptions(params));
}
