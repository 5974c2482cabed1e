import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
// Wires TanStack Query's onlineManager to the app's connectivity (the browser's events, and requests with no answer).
import './connectivity';
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
      // A network failure or 5xx is tried again; while offline the retry waits, and continues when the connection
      // returns (the query is paused, not failed). What is on screen is asked again then (refetchOnReconnect).
      retry: (failureCount, error) => !(error instanceof ApiError && !error.unavailable) && failureCount < 2,
      refetchOnWindowFocus: false,
    },
    mutations: {
      // A submit is tried at once, offline too, and fails there with words, the form keeping what was typed; it is
      // never held back to be sent by itself minutes later, from a page the person may have left (decision 060).
      networkMode: 'always',
    },
  },
});
