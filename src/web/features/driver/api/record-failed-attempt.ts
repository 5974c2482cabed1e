import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverJobSchema, type FailedAttemptBody } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY } from '@/web/lib/query-keys';

/** `POST /api/driver/jobs/{id}/failed-attempt`: the parcel could not be handed over, and why. */
export function recordFailedAttempt({ jobId, body }: { jobId: string; body: FailedAttemptBody }) {
  return apiRequest(`/driver/jobs/${encodeURIComponent(jobId)}/failed-attempt`, driverJobSchema, { body });
}

export function useRecordFailedAttempt() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordFailedAttempt, onSettled: () => void queryClient.invalidateQueries({ queryKey: DRIVER_JOBS_KEY }) });
}
