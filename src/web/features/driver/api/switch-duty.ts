import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverDutySchema, type DriverAvailabilityBody, type DriverHomeSummary } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_SUMMARY_KEY } from '@/web/lib/query-keys';

/** `PUT /api/driver/availability`: the driver goes on or off duty (decision 063); answers the state now. */
export function switchDuty(body: DriverAvailabilityBody) {
  return apiRequest('/driver/availability', driverDutySchema, { method: 'PUT', body });
}

export function useSwitchDuty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchDuty,
    // The answer is the new state: the home shows it at once, and is asked again for what follows from it.
    onSuccess: (duty) => {
      queryClient.setQueryData<DriverHomeSummary>(DRIVER_SUMMARY_KEY, (old) =>
        old ? { ...old, duty, availableForWork: old.vehicle !== null && duty.onDuty } : old,
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DRIVER_SUMMARY_KEY }),
  });
}
