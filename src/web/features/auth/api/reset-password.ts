import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { emptyResultSchema, type resetPasswordBodySchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/reset-password', emptyResultSchema, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
