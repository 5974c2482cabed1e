import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyResetBodySchema, verifyResetResultSchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export type VerifyResetBody = z.input<typeof verifyResetBodySchema>;
export type VerifyResetResult = z.infer<typeof verifyResetResultSchema>;

export function verifyResetOtp(body: VerifyResetBody) {
  return apiRequest<VerifyResetResult>('/verify-reset-otp', { body });
}

export function useVerifyResetOtp() {
  return useMutation({ mutationFn: verifyResetOtp });
}
