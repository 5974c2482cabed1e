import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY, WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY } from '@/web/lib/query-keys';
import { USER_PROFILE_KEY } from '@/web/lib/user-profile';

/**
 * `POST /api/driver/jobs/{id}/deliver`, multipart: the receiver's code and, optionally, a photo as proof.
 * A wrong code is refused and counted; the job's `handoverAttemptsLeft` says how many tries remain.
 */
export async function deliverJob({ jobId, code, photo }: { jobId: string; code: string; photo: Blob | null }) {
  const form = new FormData();
  // Fields before the file: the server reads the multipart stream in order.
  form.append('code', code);
  if (photo) form.append('photo', photo, photo instanceof File ? photo.name : 'proof.jpg');
  await apiRequest<unknown>(`/driver/jobs/${encodeURIComponent(jobId)}/deliver`, { body: form, allowEmptyData: true });
}

export function useDeliverJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverJob,
    // Success credits the driver's earnings; a failure changes the attempts left. Either way the jobs are asked again,
    // without waiting (see dispatch's invalidate.ts: the caller's toast must not wait for the refetch).
    onSettled: () =>
      void Promise.all(
        [DRIVER_JOBS_KEY, WALLET_SUMMARY_KEY, WALLET_TRANSACTIONS_KEY, USER_PROFILE_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
