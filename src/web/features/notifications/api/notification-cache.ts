import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationsPageSchema, Notification } from '@/shared/schemas/notifications';
import { AFTER_NOTIFICATION_CHANGE, NOTIFICATION_LIST_KEY, invalidateGroup } from '@/web/lib/query-keys';

type NotificationsList = InfiniteData<z.infer<typeof notificationsPageSchema>>;

/**
 * Shows a change on every cached page of the list at once (the server is asked again when it answers), so a
 * click reads as done without waiting. Returns the undo for a refusal.
 */
export async function updateCachedNotifications(
  queryClient: QueryClient,
  change: (items: Notification[]) => Notification[],
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: NOTIFICATION_LIST_KEY });
  const before = queryClient.getQueriesData<NotificationsList>({ queryKey: NOTIFICATION_LIST_KEY });
  queryClient.setQueriesData<NotificationsList>({ queryKey: NOTIFICATION_LIST_KEY }, (list) =>
    list ? { ...list, pages: list.pages.map((page) => ({ ...page, items: change(page.items) })) } : list,
  );
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}

export function refreshNotifications(queryClient: QueryClient) {
  return invalidateGroup(queryClient, AFTER_NOTIFICATION_CHANGE);
}
