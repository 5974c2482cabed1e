import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_SUMMARY_KEY, DELIVERIES_KEY, DISPATCH_KEY, TRACKING_KEY } from '@/web/lib/query-keys';

/** After an operator's change: the board, the drivers' job counts, and any delivery view open in this tab. */
export function invalidateDispatch(queryClient: QueryClient) {
  return Promise.all(
    [DISPATCH_KEY, DELIVERIES_KEY, TRACKING_KEY, DASHBOARD_SUMMARY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
