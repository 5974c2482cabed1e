import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { SessionResult } from '@/shared/schemas/auth';
import { USER_PROFILE_KEY } from '@/web/lib/query-keys';
import { useUserProfileQuery } from '@/web/lib/user-profile';

/** Whether a session exists, as the server sees it (GET /user-profile). */
export function useSession() {
  const query = useUserProfileQuery();
  return {
    user: query.data ?? null,
    isSignedIn: Boolean(query.data),
    isPending: query.isPending,
    /** True once this screen has asked the server itself, not just read what the cache remembered. */
    isFresh: query.isFetchedAfterMount && !query.isFetching,
    error: query.error,
  };
}

/** Puts a new session's user into the cache so the dashboard does not ask again right away. */
export function useStoreSession() {
  const queryClient = useQueryClient();
  return useCallback(
    (session: SessionResult) => {
      queryClient.setQueryData(USER_PROFILE_KEY, session.user);
    },
    [queryClient],
  );
}
