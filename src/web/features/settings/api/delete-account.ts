import { useMutation } from '@tanstack/react-query';
import { emptyResultSchema, type DeleteAccountBody } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

/** `POST /api/account/delete`: the current password; the account goes and every session ends (decision 059). */
export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest('/account/delete', emptyResultSchema, { method: 'POST', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
