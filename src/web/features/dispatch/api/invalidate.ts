import type { QueryClient } from '@tanstack/react-query';
import { AFTER_DISPATCH_CHANGE, invalidateGroup } from '@/web/lib/query-keys';

/**
 * After an operator's change: the board, the drivers' job counts, and any delivery view open in this tab.
 * Mutations call it without awaiting it: an awaited refetch would run before the caller's own onSuccess, and
 * the refetched list can unmount the caller first (the card moves to another tab), losing its toast.
 */
export function invalidateDispatch(queryClient: QueryClient) {
  return invalidateGroup(queryClient, AFTER_DISPATCH_CHANGE);
}
