import { queryOptions, useQuery } from '@tanstack/react-query';
import { testModeAvailabilitySchema } from '@/shared/schemas/deliveries';
import { apiRequest } from '@/web/lib/api-client';
import { deliveryKeys } from './query-keys';

/** `GET /api/deliveries/test-mode`: whether My Deliveries offers its test-deliveries switch (decision 079). */
export const testModeQueryOptions = () =>
  queryOptions({
    queryKey: deliveryKeys.testMode(),
    queryFn: ({ signal }) => apiRequest('/deliveries/test-mode', testModeAvailabilitySchema, { signal }),
    // It changes when a key is made or an API booking lands, neither of which happens on this page.
    staleTime: 5 * 60 * 1000,
  });

export function useTestModeAvailability() {
  return useQuery(testModeQueryOptions());
}
