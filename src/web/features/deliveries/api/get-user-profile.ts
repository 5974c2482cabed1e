import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/shared/schemas/auth';
import { apiData } from '@/web/lib/api-client';
import { USER_PROFILE_KEY } from './query-keys';

/** Same key and shape as the accounts feature's profile query, so both read one cache entry. */
export const userProfileQueryOptions = () =>
  queryOptions({
    queryKey: USER_PROFILE_KEY,
    queryFn: ({ signal }) => apiData<UserProfile>('/user-profile', { signal }),
  });

export function useUserProfile() {
  return useQuery(userProfileQueryOptions());
}
