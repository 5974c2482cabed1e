import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionResult } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

/** Throws an ApiError; `type: "unverified"` (403) is a path of its own, not just a failure. */
export function login(body: LoginBody) {
  return apiRequest<SessionResult>('/login', { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
