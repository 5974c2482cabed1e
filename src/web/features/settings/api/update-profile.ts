import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userProfileSchema, type UpdateProfileBody, type UserProfile } from '@/shared/schemas/auth';
import { IDENTIFIER_CHANGE_PENDING_TYPE } from '@/shared/schemas/identifier-change';
import { apiRequestWithType } from '@/web/lib/api-client';
import { USER_PROFILE_KEY } from '@/web/lib/query-keys';

/** Only the fields that change; a new email or phone also needs `currentPassword`. */
export type ProfileUpdate = UpdateProfileBody;

export interface ProfileUpdateResult {
  profile: UserProfile;
  /** True when a new email or phone waits for its code (`POST /api/update/user-profile/confirm`). */
  isConfirmationPending: boolean;
}

/** `POST /api/update/user-profile`: the name and language change at once, an email or phone after its code. */
export async function updateProfile(body: ProfileUpdate): Promise<ProfileUpdateResult> {
  const { data, type } = await apiRequestWithType('/update/user-profile', userProfileSchema, { body });
  return { profile: data, isConfirmationPending: type === IDENTIFIER_CHANGE_PENDING_TYPE };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => queryClient.setQueryData(USER_PROFILE_KEY, profile),
  });
}
