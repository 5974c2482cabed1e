import { useMutation } from '@tanstack/react-query';
import { emptyResultSchema, type ChangePasswordBody } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

/** `POST /api/change-password`: the current password and a new one; the other sessions are signed out. */
export function changePassword(body: ChangePasswordBody) {
  return apiRequest('/change-password', emptyResultSchema, { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
