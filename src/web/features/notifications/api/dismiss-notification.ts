import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';
import { refreshNotifications, updateCachedNotifications } from './notification-cache';

/** `DELETE /api/notifications/{id}`: gone from the list for good. */
export async function dismissNotification(id: string): Promise<void> {
  await apiRequest(`/notifications/${encodeURIComponent(id)}`, z.null(), { method: 'DELETE' });
}

export function useDismissNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissNotification,
    onMutate: (id) => updateCachedNotifications(queryClient, (items) => items.filter((n) => n.id !== id)),
    onError: (_error, _id, undo) => undo?.(),
    onSettled: () => refreshNotifications(queryClient),
  });
}
