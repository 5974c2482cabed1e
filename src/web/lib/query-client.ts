import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { USER_PROFILE_KEY } from './query-keys';

/**
 * A 401 on any request means the session ended (it expired, or was signed out elsewhere): the cached user becomes
 * null, so the session guard (RequireSession) sends the visitor to /auth with the page they were on, and sign-in
 * brings them back to it (issue 24).
 */
export function forgetSessionOn401(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401 && client.getQueryData(USER_PROFILE_KEY)) {
    client.setQueryData(USER_PROFILE_KEY, null);
  }
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => forgetSessionOn401(queryClient, error) }),
  mutationCache: new MutationCache({ onError: (error) => forgetSessionOn401(queryClient, error) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (failureCount, error) => !(error instanceof ApiError && !error.unavailable) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
  },
});
