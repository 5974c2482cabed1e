import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { receiptSchema, receiptsPageSchema } from '@/shared/schemas/receipts';
import { apiRequest } from '@/web/lib/api-client';

const RECEIPTS_KEY = ['receipts'] as const;
export const RECEIPTS_PAGE_SIZE = 20;

/** `GET /api/receipts`: the account's receipts, newest first, one keyset page at a time. */
export const receiptsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...RECEIPTS_KEY, 'list'],
    queryFn: ({ signal, pageParam }) =>
      apiRequest('/receipts', receiptsPageSchema, { query: { limit: RECEIPTS_PAGE_SIZE, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useReceipts = () => useInfiniteQuery(receiptsQueryOptions());

/** `GET /api/receipts/{id}`: one receipt (404 for anyone but its owner). */
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...RECEIPTS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiRequest(`/receipts/${encodeURIComponent(id)}`, receiptSchema, { signal }),
    retry: false,
  });

export const useReceipt = (id: string) => useQuery(receiptQueryOptions(id));
