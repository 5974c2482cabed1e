import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_SUMMARY_KEY, DELIVERIES_KEY, DISPATCH_KEY, TRACKING_KEY } from '@/web/lib/query-keys';

/**
 * After an operator's change: the board, the drivers' job counts, and any delivery view open in this tab.
 * Mutations call it without awaiting it: an awaited refetch would run before the caller's own onSuccess, and
 * the refetched list can unmount the caller first (the card moves to another tab), losing its toast.
 */
export function invalidateDispatch(queryClient: QueryClient) {
  return Promise.all(
    [DISPATCH_KEY, DELIVERIES_KEY, TRACKING_KEY, DASHBOARD_SUMMARY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
