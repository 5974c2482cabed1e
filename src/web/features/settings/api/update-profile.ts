import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '@/shared/schemas/auth';
import type { Language } from '@/shared/i18n';
import { IDENTIFIER_CHANGE_PENDING_TYPE } from '@/shared/schemas/identifier-change';
import { apiRequestWithType } from '@/web/lib/api-client';
import { USER_PROFILE_KEY } from '@/web/lib/user-profile';

export interface ProfileUpdate {
  name?: string;
  email?: string;
  phone?: string;
  language?: Language;
  /** Needed when the email or phone changes. */
  currentPassword?: string;
}

export interface ProfileUpdateResult {
  profile: UserProfile;
  /** True when a new email or phone waits for its code (`POST /api/update/user-profile/confirm`). */
  isConfirmationPending: boolean;
}

/** `POST /api/update/user-profile`: the name and language change at once, an email or phone after its code. */
export async function updateProfile(body: ProfileUpdate): Promise<ProfileUpdateResult> {
  const { data, type } = await apiRequestWithType<unknown>('/update/user-profile', { body });
  return { profile: userProfileSchema.parse(data), isConfirmationPending: type === IDENTIFIER_CHANGE_PENDING_TYPE };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => queryClient.setQueryData(USER_PROFILE_KEY, profile),
  });
}
