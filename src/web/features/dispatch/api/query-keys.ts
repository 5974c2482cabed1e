import type { DispatchBoardFilter } from '@/shared/schemas/dispatch';
import type { TransportMode } from '@/shared/schemas/deliveries';
import type { WithdrawalStatus } from '@/shared/schemas/wallet-money';
import { DISPATCH_DRIVERS_KEY, DISPATCH_KEY, OPERATOR_SUMMARY_KEY } from '@/web/lib/query-keys';

/** Under the one root the live stream refreshes when a delivery moves. */
export const dispatchKeys = {
  all: DISPATCH_KEY,
  /** The operator's home counts (decision 060). */
  summary: OPERATOR_SUMMARY_KEY,
  deliveries: (params: { status: DispatchBoardFilter; driverId?: string; from?: string; to?: string }) => [...DISPATCH_KEY, 'deliveries', params] as const,
  search: (q: string, status: DispatchBoardFilter, filters: { driverId?: string; from?: string; to?: string } = {}) => [...DISPATCH_KEY, 'search', q, status, filters] as const,
  /** A mode's drivers (the assign dialog), or every driver (the Active tab's driver filter). */
  drivers: (transportMode: TransportMode | 'all') => [...DISPATCH_DRIVERS_KEY, transportMode] as const,
  /** Without a status: the prefix of every withdrawals list (pending, paid, failed, all). */
  withdrawals: (status?: WithdrawalStatus) => [...DISPATCH_KEY, 'withdrawals', ...(status ? [status] : [])] as const,
};
