import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKeyListSchema } from '@/shared/schemas/api-keys';
import { apiRequest } from '@/web/lib/api-client';

/** Every query of the keys section starts with this key: a change invalidates them together. */
export const API_KEYS_KEY = ['api-keys'] as const;

/** `GET /api/api-keys`: the signed-in account's unrevoked keys, newest first (never the secrets). */
export function getApiKeys(signal?: AbortSignal) {
  return apiRequest('/api-keys', apiKeyListSchema, { signal });
}

export const apiKeysQueryOptions = () => queryOptions({ queryKey: [...API_KEYS_KEY, 'list'], queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
