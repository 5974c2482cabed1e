import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';
import { USER_PROFILE_KEY } from '@/web/lib/query-keys';

/** `POST /api/update/user-profile/confirm` with the code sent to the new email or phone → the changed profile. */
export function confirmIdentifierChange(code: string): Promise<UserProfile> {
  return apiRequest('/update/user-profile/confirm', userProfileSchema, { body: { code } });
}

export function useConfirmIdentifierChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmIdentifierChange,
    onSuccess: (profile) => queryClient.setQueryData(USER_PROFILE_KEY, profile),
  });
}
