import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';

export function logout() {
  return apiRequest<Record<string, never>>('/logout', { method: 'POST' });
}

export function useLogoutMutation() {
  return useMutation({ mutationFn: logout });
}
