import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/web/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** `DELETE /api/api-keys/{id}`: every server refuses the key within seconds. */
export function revokeApiKey(id: string) {
  return apiRequest(`/api-keys/${id}`, z.null(), { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
