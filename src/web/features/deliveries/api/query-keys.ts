import type { QueryClient } from '@tanstack/react-query';
import { USER_PROFILE_KEY } from '@/web/lib/user-profile';
import {
  DASHBOARD_SUMMARY_KEY,
  DELIVERIES_KEY,
  TRACKING_KEY,
  UNREAD_COUNT_KEY,
  WALLET_SUMMARY_KEY,
  WALLET_TRANSACTIONS_KEY,
} from '@/web/lib/query-keys';

/** One place for the keys this feature reads and invalidates; other features share the last two by name. */
export const deliveryKeys = {
  all: DELIVERIES_KEY,
  list: (params: { status: string; page: number; pageSize: number }) => ['deliveries', 'list', params] as const,
  detail: (id: string) => ['deliveries', 'detail', id] as const,
};
export { DASHBOARD_SUMMARY_KEY };
export const trackingKey = (trackingId: string) => [...TRACKING_KEY, trackingId] as const;

/**
 * Every booking, payment or cancellation can change the lists, the stat cards and the wallet balance; a
 * payment or a cancel also writes a notification, so the unread count is asked again too.
 */
export function invalidateDeliveryData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY }),
    queryClient.invalidateQueries({ queryKey: TRACKING_KEY }),
    queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: WALLET_TRANSACTIONS_KEY }),
  ]);
}
