import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdApiKeySchema, type ApiKeyCreateBody } from '@/shared/schemas/api-keys';
import { apiRequest } from '@/web/lib/api-client';
import { API_KEYS_KEY } from './get-api-keys';

/** `POST /api/api-keys`: the answer holds the key itself, the only time it is ever shown. */
export function createApiKey(body: ApiKeyCreateBody) {
  return apiRequest('/api-keys', createdApiKeySchema, { body });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}
