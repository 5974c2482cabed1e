import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { TransportMode } from '@/shared/schemas/deliveries';
import { driverSchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { dispatchKeys } from './query-keys';

/** `GET /api/dispatch/drivers?transportMode=`: the drivers whose vehicle suits the delivery. */
export async function getDispatchDrivers(transportMode: TransportMode, signal?: AbortSignal) {
  return z.array(driverSchema).parse(await apiRequest<unknown>('/dispatch/drivers', { query: { transportMode }, signal }));
}

export const dispatchDriversQueryOptions = (transportMode: TransportMode) =>
  queryOptions({
    queryKey: dispatchKeys.drivers(transportMode),
    queryFn: ({ signal }) => getDispatchDrivers(transportMode, signal),
  });

/** Asked only while the assign dialog is open. */
export function useDispatchDrivers(transportMode: TransportMode, isEnabled: boolean) {
  return useQuery({ ...dispatchDriversQueryOptions(transportMode), enabled: isEnabled });
}
