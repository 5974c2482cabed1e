import { useMutation } from '@tanstack/react-query';
import { emptyResultSchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export function resendVerificationOtp(identifier: string) {
  return apiRequest('/resend-verification-otp', emptyResultSchema, { body: { identifier } });
}

export function useResendVerificationOtp() {
  return useMutation({ mutationFn: resendVerificationOtp });
}
