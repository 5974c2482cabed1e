import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/shared/schemas/auth';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import { authKeys } from './keys';

/** The signed-in user, or null when there is no session (a 401 is an answer here, not an error). */
export async function getUserProfile(signal?: AbortSignal): Promise<UserProfile | null> {
  const result = await apiRequest<UserProfile>('/user-profile', { signal });
  if (result.status === 401) return null;
  if (!result.success || result.data === null) throw new ApiError(result);
  return result.data;
}

export const userProfileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.userProfile,
    queryFn: ({ signal }) => getUserProfile(signal),
  });

export function useUserProfileQuery() {
  return useQuery(userProfileQueryOptions());
}
