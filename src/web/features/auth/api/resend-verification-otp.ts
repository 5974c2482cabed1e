import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';

export function resendVerificationOtp(identifier: string) {
  return apiRequest<Record<string, never>>('/resend-verification-otp', { body: { identifier } });
}

export function useResendVerificationOtp() {
  return useMutation({ mutationFn: resendVerificationOtp });
}
