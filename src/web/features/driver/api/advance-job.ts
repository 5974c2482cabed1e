import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverJobSchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY } from '@/web/lib/query-keys';
import type { DriverStep } from '../lib/next-step';

/**
 * `POST /api/driver/jobs/{id}/status`: one step on the road (picked up → in transit → out for delivery). The key
 * names the step from the job as it was shown, so a second identical press gets the first answer, not a refusal.
 */
export function advanceJob({ jobId, status, idempotencyKey }: { jobId: string; status: DriverStep; idempotencyKey: string }) {
  return apiRequest(`/driver/jobs/${encodeURIComponent(jobId)}/status`, driverJobSchema, {
    body: { status },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useAdvanceJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: advanceJob, onSettled: () => void queryClient.invalidateQueries({ queryKey: DRIVER_JOBS_KEY }) });
}
