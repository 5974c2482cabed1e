import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { DRIVER_JOBS_KEY } from '@/web/lib/query-keys';
import type { DriverStep } from '../lib/next-step';

/** `POST /api/driver/jobs/{id}/status`: one step on the road (picked up → in transit → out for delivery). */
export async function advanceJob({ jobId, status }: { jobId: string; status: DriverStep }) {
  await apiRequest<unknown>(`/driver/jobs/${encodeURIComponent(jobId)}/status`, { body: { status }, allowEmptyData: true });
}

export function useAdvanceJob() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: advanceJob, onSettled: () => void queryClient.invalidateQueries({ queryKey: DRIVER_JOBS_KEY }) });
}
