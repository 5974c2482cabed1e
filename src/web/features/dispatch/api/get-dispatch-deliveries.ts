import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { dispatchDeliveriesPageSchema, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';
import type { DateRange } from '@/shared/schemas/date-range';

export const DISPATCH_PAGE_SIZE = 20;

/** A tab of the board, with its date range and, on Active, one driver (decision 088). */
export type BoardTabParams = { status: DispatchBoardFilter; driverId?: string } & DateRange;

/** `GET /api/dispatch/deliveries?status=&driverId=&from=&to=&limit=&cursor=`: one tab of the board, one keyset page at a time. */
export function getDispatchDeliveries(params: BoardTabParams & { cursor: string | null }, signal?: AbortSignal) {
  return apiRequest('/dispatch/deliveries', dispatchDeliveriesPageSchema, {
    query: {
      status: params.status,
      driverId: params.driverId,
      from: params.from,
      to: params.to,
      limit: DISPATCH_PAGE_SIZE,
      cursor: params.cursor ?? undefined,
    },
    signal,
  });
}

export const dispatchDeliveriesQueryOptions = (params: BoardTabParams) =>
  infiniteQueryOptions({
    queryKey: dispatchKeys.deliveries(params),
    queryFn: ({ signal, pageParam }) => getDispatchDeliveries({ ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    // The live stream reaches a delivery's owner, not the operators: new payments and drivers' steps arrive by polling.
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

export function useDispatchDeliveries(params: BoardTabParams) {
  return useInfiniteQuery(dispatchDeliveriesQueryOptions(params));
}
