import { useMutation, useQueryClient } from '@tanstack/react-query';
import { payLinkResultSchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY } from '@/web/lib/query-keys';

/**
 * `POST /api/driver/jobs/{id}/pay-link`: the receiver of a pay-on-delivery job gets a fresh payment link by SMS.
 * One Idempotency-Key per press, so a retried request sends one SMS; `paid` says the receiver had already paid.
 */
export function resendPayLink({ jobId, idempotencyKey }: { jobId: string; idempotencyKey: string }) {
  return apiRequest(`/driver/jobs/${encodeURIComponent(jobId)}/pay-link`, payLinkResultSchema, {
    body: {},
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useResendPayLink() {
  const queryClient = useQueryClient();
  // An answer of "already paid" means the job on screen is stale: it is asked again either way.
  return useMutation({ mutationFn: resendPayLink, onSettled: () => void queryClient.invalidateQueries({ queryKey: DRIVER_JOBS_KEY }) });
}
