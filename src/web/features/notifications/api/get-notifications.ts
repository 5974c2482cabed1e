import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificationsPageSchema, type Notification } from '@/shared/schemas/notifications';
import { apiRequest } from '@/web/lib/api-client';
import { NOTIFICATION_LIST_KEY } from '@/web/lib/query-keys';

export type { Notification };

export interface NotificationsQuery {
  page: number;
  pageSize: number;
  unreadOnly?: boolean;
}

/** `GET /api/notifications?page&pageSize&unread`, newest first. */
export function getNotifications(params: NotificationsQuery, signal?: AbortSignal) {
  const query = { page: params.page, pageSize: params.pageSize, unread: params.unreadOnly ? 'true' : undefined };
  return apiRequest('/notifications', notificationsPageSchema, { query, signal });
}

export const notificationsQueryOptions = (params: NotificationsQuery) =>
  queryOptions({
    queryKey: [...NOTIFICATION_LIST_KEY, params],
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(params: NotificationsQuery) {
  return useQuery(notificationsQueryOptions(params));
}
