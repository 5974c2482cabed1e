import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationsPageSchema, type Notification } from '@/shared/schemas/notifications';
import { apiRequest } from '@/web/lib/api-client';
import { NOTIFICATION_LIST_KEY } from '@/web/lib/query-keys';

export type { Notification };

export interface NotificationsQuery {
  limit: number;
  unreadOnly?: boolean;
}

/** `GET /api/notifications?limit&cursor&unread`, newest first, one keyset page at a time. */
export function getNotifications(params: NotificationsQuery, cursor: string | null, signal?: AbortSignal) {
  const query = { limit: params.limit, cursor: cursor ?? undefined, unread: params.unreadOnly ? 'true' : undefined };
  return apiRequest('/notifications', notificationsPageSchema, { query, signal });
}

export const notificationsQueryOptions = (params: NotificationsQuery) =>
  infiniteQueryOptions({
    queryKey: [...NOTIFICATION_LIST_KEY, params],
    queryFn: ({ signal, pageParam }) => getNotifications(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotifications(params: NotificationsQuery) {
  return useInfiniteQuery(notificationsQueryOptions(params));
}
