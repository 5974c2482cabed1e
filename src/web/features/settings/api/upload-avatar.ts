import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';
import { USER_PROFILE_KEY } from '@/web/lib/query-keys';

/** `POST /api/user-profile/avatar`, multipart field `file` → the profile with its new `profileImage`. */
export function uploadAvatar(file: File): Promise<UserProfile> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/user-profile/avatar', userProfileSchema, { body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The sidebar and the top bar read the profile, so the new picture shows there at once.
    onSuccess: (profile) => queryClient.setQueryData(USER_PROFILE_KEY, profile),
  });
}
