import type { QueryClient } from '@tanstack/react-query';
import { AFTER_DELIVERY_CHANGE, DASHBOARD_SUMMARY_KEY, DELIVERIES_KEY, TRACKING_KEY, invalidateGroup } from '@/web/lib/query-keys';

/** One place for the keys this feature reads and invalidates; other features share the last two by name. */
export const deliveryKeys = {
  all: DELIVERIES_KEY,
  list: (params: { mode: string; status: string; limit: number; kind?: string; from?: string; to?: string }) => ['deliveries', 'list', params] as const,
  detail: (id: string) => ['deliveries', 'detail', id] as const,
  search: (q: string, filters: { mode: string; from?: string; to?: string }) => ['deliveries', 'search', q, filters] as const,
  testMode: () => ['deliveries', 'test-mode'] as const,
};
export { DASHBOARD_SUMMARY_KEY };
export const trackingKey = (trackingId: string) => [...TRACKING_KEY, trackingId] as const;

/** After a booking, a payment or a cancellation (AFTER_DELIVERY_CHANGE). */
export function invalidateDeliveryData(queryClient: QueryClient) {
  return invalidateGroup(queryClient, AFTER_DELIVERY_CHANGE);
}
