import { useMutation } from '@tanstack/react-query';
import { emptyResultSchema } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

export function logout() {
  return apiRequest('/logout', emptyResultSchema, { method: 'POST' });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
