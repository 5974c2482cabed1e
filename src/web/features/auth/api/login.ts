import { useMutation } from '@tanstack/react-query';
import { sessionResultSchema, type LoginBody, type SessionResult } from '@/shared/schemas/auth';
import { apiRequest } from '@/web/lib/api-client';

/** Throws an ApiError; `type: "unverified"` (403) is a path of its own, not just a failure. */
export function login(body: LoginBody): Promise<SessionResult> {
  return apiRequest('/login', sessionResultSchema, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
