import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSchema } from '@/shared/schemas/notifications';
import { apiRequest } from '@/web/lib/api-client';
import { refreshNotifications, updateCachedNotifications } from './notification-cache';

/** `POST /api/notifications/{id}/read`. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}/read`, notificationSchema, { method: 'POST' });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => updateCachedNotifications(queryClient, (items) => items.map((n) => (n.id === id ? { ...n, read: true } : n))),
    onError: (_error, _id, undo) => undo?.(),
    onSettled: () => refreshNotifications(queryClient),
  });
}
