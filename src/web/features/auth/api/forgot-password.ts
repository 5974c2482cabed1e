import { useMutation } from '@tanstack/react-query';
import { emptyResultSchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

/** The server answers the same whether or not the account exists. */
export function forgotPassword(identifier: string) {
  return apiRequest('/forgot-password', emptyResultSchema, { body: { identifier } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
