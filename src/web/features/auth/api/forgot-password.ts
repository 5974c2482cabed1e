import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';

/** The server answers the same whether or not the account exists. */
export function forgotPassword(identifier: string) {
  return apiRequest<Record<string, never>>('/forgot-password', { body: { identifier } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
