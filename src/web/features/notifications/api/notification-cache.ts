import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationsPageSchema, Notification } from '@/shared/schemas/notifications';
import { AFTER_NOTIFICATION_CHANGE, NOTIFICATION_LIST_KEY, invalidateGroup } from '@/web/lib/query-keys';

type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/**
 * Shows a change on every cached list page at once (the server is asked again when it answers), so a
 * click reads as done without waiting. Returns the undo for a refusal.
 */
export async function updateCachedNotifications(
  queryClient: QueryClient,
  change: (items: Notification[]) => Notification[],
): Promise<() => void> {
  await queryClient.cancelQueries({ queryKey: NOTIFICATION_LIST_KEY });
  const before = queryClient.getQueriesData<NotificationsPage>({ queryKey: NOTIFICATION_LIST_KEY });
  queryClient.setQueriesData<NotificationsPage>({ queryKey: NOTIFICATION_LIST_KEY }, (page) => {
    if (!page) return page;
    const items = change(page.items);
    return { ...page, items, total: page.total - (page.items.length - items.length) };
  });
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}

export function refreshNotifications(queryClient: QueryClient) {
  return invalidateGroup(queryClient, AFTER_NOTIFICATION_CHANGE);
}
