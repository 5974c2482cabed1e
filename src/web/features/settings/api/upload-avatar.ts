import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userProfileSchema, type UserProfile } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';
import { USER_PROFILE_KEY } from '@/web/lib/user-profile';

/** `POST /api/user-profile/avatar`, multipart field `file` → the profile with its new `profileImage`. */
export async function uploadAvatar(file: File): Promise<UserProfile> {
  const form = new FormData();
  form.append('file', file);
  return userProfileSchema.parse(await apiRequest<unknown>('/user-profile/avatar', { body: form }));
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The sidebar and the top bar read the profile, so the new picture shows there at once.
    onSuccess: (profile) => queryClient.setQueryData(USER_PROFILE_KEY, profile),
  });
}
