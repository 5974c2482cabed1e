import { useQuery } from '@tanstack/react-query';
import { unreadCountSchema } from '@/shared/schemas/notifications';
import { apiRequest } from '@/web/lib/api-client';
import { UNREAD_COUNT_KEY } from '@/web/lib/query-keys';

/** How many notifications the signed-in user has not read. */
export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await apiRequest('/notifications/unread-count', unreadCountSchema, { signal })).count;
}

/**
 * The badge is a nicety: a failure reads as "nothing unread" rather than an error screen. Payments and
 * cancels invalidate UNREAD_COUNT_KEY, since each writes a notification.
 */
export function useUnreadCount(): number {
  const { data } = useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: async ({ signal }) => getUnreadCount(signal).catch(() => 0),
    retry: false,
  });
  return data ?? 0;
}
