import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { verifyResetResultSchema, type verifyResetBodySchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export type VerifyResetBody = z.input<typeof verifyResetBodySchema>;
export type VerifyResetResult = z.infer<typeof verifyResetResultSchema>;

export function verifyResetOtp(body: VerifyResetBody): Promise<VerifyResetResult> {
  return apiRequest('/verify-reset-otp', verifyResetResultSchema, { body });
}

export function useVerifyResetOtp() {
  return useMutation({ mutationFn: verifyResetOtp });
}
