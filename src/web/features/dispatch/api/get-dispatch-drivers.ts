import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { TransportMode } from '@/shared/schemas/deliveries';
import { driverSchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

const driversSchema = z.array(driverSchema);

/** `GET /api/dispatch/drivers?transportMode=`: the drivers whose vehicle suits the delivery; with 'all', every driver. */
export function getDispatchDrivers(transportMode: TransportMode | 'all', signal?: AbortSignal) {
  return apiRequest('/dispatch/drivers', driversSchema, { query: { transportMode: transportMode === 'all' ? undefined : transportMode }, signal });
}

export const dispatchDriversQueryOptions = (transportMode: TransportMode | 'all') =>
  queryOptions({
    queryKey: dispatchKeys.drivers(transportMode),
    queryFn: ({ signal }) => getDispatchDrivers(transportMode, signal),
    // Asked on every opening: a driver may have gone off duty while this tab missed the live signal (decision 063).
    staleTime: 0,
  });

/** Asked only while the assign dialog is open, or the Active tab shows its driver filter. */
export function useDispatchDrivers(transportMode: TransportMode | 'all', isEnabled: boolean) {
  return useQuery({ ...dispatchDriversQueryOptions(transportMode), enabled: isEnabled });
}
