import { useMutation } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/web/lib/api-client';

/** The step-up code (the server's: a sign-in older than 5 minutes cannot move money). */
export const REAUTH_REQUIRED = 'REAUTH_REQUIRED';

export function isReauthRequired(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 401 || error.status === 403) &&
    (error.code as string | undefined) === REAUTH_REQUIRED
  );
}

/** `POST /api/reauth`: the password again, which renews the session's sign-in time. */
export async function reauthenticate(password: string): Promise<void> {
  await apiRequest<unknown>('/reauth', { body: { password }, allowEmptyData: true });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
