import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentSessionSchema, type UserProfile } from '@/shared/schemas/auth';
import { apiRequest, isApiError } from './api-client';
import { USER_PROFILE_KEY } from './query-keys';

/**
 * The signed-in user, or null when there is no session. It asks `GET /api/session`, which answers a signed-out
 * visitor with `user: null` (a 200), so a visit to /auth logs no failed request; a 401 (a server of an older
 * version) still reads as signed out.
 */
export async function getUserProfile(signal?: AbortSignal): Promise<UserProfile | null> {
  try {
    return (await apiRequest('/session', currentSessionSchema, { signal })).user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const userProfileQueryOptions = () =>
  queryOptions({ queryKey: USER_PROFILE_KEY, queryFn: ({ signal }) => getUserProfile(signal) });

export function useUserProfileQuery() {
  return useQuery(userProfileQueryOptions());
}
