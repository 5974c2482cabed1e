import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchDeliveriesPageSchema, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

export const DISPATCH_PAGE_SIZE = 20;

/** `GET /api/dispatch/deliveries?status=&page=&pageSize=`: the board, one filter and page at a time. */
export function getDispatchDeliveries(params: { status: DispatchBoardFilter; page: number }, signal?: AbortSignal) {
  return apiRequest('/dispatch/deliveries', dispatchDeliveriesPageSchema, {
    query: { status: params.status, page: params.page, pageSize: DISPATCH_PAGE_SIZE },
    signal,
  });
}

export const dispatchDeliveriesQueryOptions = (params: { status: DispatchBoardFilter; page: number }) =>
  queryOptions({
    queryKey: dispatchKeys.deliveries(params),
    queryFn: ({ signal }) => getDispatchDeliveries(params, signal),
    placeholderData: keepPreviousData,
    // The live stream reaches a delivery's owner, not the operators: new payments and drivers' steps arrive by polling.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

export function useDispatchDeliveries(params: { status: DispatchBoardFilter; page: number }) {
  return useQuery(dispatchDeliveriesQueryOptions(params));
}
