import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { refreshNotifications, updateCachedNotifications } from './notification-cache';

/** `POST /api/notifications/{id}/read`. */
export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest<unknown>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST', allowEmptyData: true });
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
