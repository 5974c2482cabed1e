import { queryOptions, useQuery } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '@/shared/schemas/auth';
import { apiRequest, isApiError } from './api-client';
import { USER_PROFILE_KEY } from './query-keys';

/** The signed-in user, or null when there is no session (a 401 is an answer here, not an error). */
export async function getUserProfile(signal?: AbortSignal): Promise<UserProfile | null> {
  try {
    return await apiRequest('/user-profile', userProfileSchema, { signal });
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
