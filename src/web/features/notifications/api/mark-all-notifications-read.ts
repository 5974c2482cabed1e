import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readAllResultSchema } from '@/shared/schemas/notifications';
import { apiRequest } from '@/web/lib/api-client';
import { UNREAD_COUNT_KEY } from '@/web/lib/query-keys';
import { refreshNotifications, updateCachedNotifications } from './notification-cache';

/** `POST /api/notifications/read-all` → how many were unread. */
export async function markAllNotificationsRead(): Promise<number> {
  return (await apiRequest('/notifications/read-all', readAllResultSchema, { method: 'POST' })).updated;
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      const undo = await updateCachedNotifications(queryClient, (items) => items.map((n) => ({ ...n, read: true })));
      const count = queryClient.getQueryData<number>(UNREAD_COUNT_KEY);
      queryClient.setQueryData(UNREAD_COUNT_KEY, 0);
      return () => {
        undo();
        queryClient.setQueryData(UNREAD_COUNT_KEY, count);
      };
    },
    onError: (_error, _vars, undo) => undo?.(),
    onSettled: () => refreshNotifications(queryClient),
  });
}
