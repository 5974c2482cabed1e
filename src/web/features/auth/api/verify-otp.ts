import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { verifyOtpResultSchema, type verifyOtpBodySchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export type VerifyOtpBody = z.input<typeof verifyOtpBodySchema>;
export type VerifyOtpResult = z.infer<typeof verifyOtpResultSchema>;

export function verifyOtp(body: VerifyOtpBody): Promise<VerifyOtpResult> {
  return apiRequest('/verify-otp', verifyOtpResultSchema, { body });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
