import type { DispatchBoardFilter } from '@/shared/schemas/dispatch';
import type { TransportMode } from '@/shared/schemas/deliveries';
import { DISPATCH_KEY } from '@/web/lib/query-keys';

/** Under the one root the live stream refreshes when a delivery moves. */
export const dispatchKeys = {
  all: DISPATCH_KEY,
  deliveries: (params: { status: DispatchBoardFilter }) => [...DISPATCH_KEY, 'deliveries', params] as const,
  drivers: (transportMode: TransportMode) => [...DISPATCH_KEY, 'drivers', transportMode] as const,
  withdrawals: () => [...DISPATCH_KEY, 'withdrawals', 'pending'] as const,
};
