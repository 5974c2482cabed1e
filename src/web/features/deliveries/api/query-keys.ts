import type { QueryClient } from '@tanstack/react-query';

/** One place for the keys this feature reads and invalidates; other features share the last two by name. */
export const deliveryKeys = {
  all: ['deliveries'] as const,
  list: (params: { status: string; page: number; pageSize: number }) => ['deliveries', 'list', params] as const,
  detail: (id: string) => ['deliveries', 'detail', id] as const,
};
export const DASHBOARD_SUMMARY_KEY = ['dashboard-summary'] as const;
export const USER_PROFILE_KEY = ['user-profile'] as const;
export const trackingKey = (trackingId: string) => ['tracking', trackingId] as const;

/** Every booking, payment or cancellation can change the lists, the stat cards and the wallet balance. */
export function invalidateDeliveryData(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
    queryClient.invalidateQueries({ queryKey: DASHBOARD_SUMMARY_KEY }),
    queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY }),
    queryClient.invalidateQueries({ queryKey: ['tracking'] }),
  ]);
}
