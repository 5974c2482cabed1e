import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverJobSchema } from '@/shared/schemas/dispatch';
import { apiRequest } from '@/web/lib/api-client';
import { AFTER_HANDOVER, invalidateGroup } from '@/web/lib/query-keys';

/**
 * `POST /api/driver/jobs/{id}/deliver`, multipart: the receiver's code and, optionally, a photo as proof.
 * A wrong code is refused and counted; the job's `handoverAttemptsLeft` says how many tries remain.
 */
export function deliverJob({ jobId, code, photo }: { jobId: string; code: string; photo: Blob | null }) {
  const form = new FormData();
  // Fields before the file: the server reads the multipart stream in order.
  form.append('code', code);
  if (photo) form.append('photo', photo, photo instanceof File ? photo.name : 'proof.jpg');
  return apiRequest(`/driver/jobs/${encodeURIComponent(jobId)}/deliver`, driverJobSchema, { body: form });
}

export function useDeliverJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverJob,
    // Success credits the driver's earnings; a failure changes the attempts left. Either way the jobs are asked again,
    // without waiting (see dispatch's invalidate.ts: the caller's toast must not wait for the refetch).
    onSettled: () => void invalidateGroup(queryClient, AFTER_HANDOVER),
  });
}
