import type { UserProfile } from '@/shared/schemas/auth';
import { useUserProfileQuery } from '@/web/lib/user-profile';

/**
 * The signed-in user's profile for screens behind the session guard (where it is always present once
 * loaded). `user` is null while loading or when signed out.
 */
export function useUserProfile(): {
  user: UserProfile | null;
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
} {
  const query = useUserProfileQuery();
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
