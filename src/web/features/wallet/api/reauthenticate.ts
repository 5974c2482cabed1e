import { useMutation } from '@tanstack/react-query';
import { reauthResultSchema } from '@/shared/schemas/wallet-money';
import { apiRequest, isApiError } from '@/web/lib/api-client';

export function isReauthRequired(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.status === 401 || error.status === 403) &&
    error.code === 'REAUTH_REQUIRED'
  );
}

/** `POST /api/reauth`: the password again, which renews the session's sign-in time. */
export async function reauthenticate(password: string): Promise<void> {
  await apiRequest('/reauth', reauthResultSchema, { body: { password } });
}

export function useReauthenticate() {
  return useMutation({ mutationFn: reauthenticate });
}
