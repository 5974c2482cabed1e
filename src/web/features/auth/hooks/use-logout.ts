import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/web/lib/api-client';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useLogoutMutation } from '../api/logout';
import type { AuthNavigationState } from '../lib/navigation-state';

/**
 * Leaves for /auth's login tab, then forgets every cached answer: for a session that has just ended (signed out,
 * the account deleted). The cache is cleared only after the navigation so the dashboard's session guard never sees
 * a half-signed-out state (it would send the person to /auth remembering the page to "return" to).
 */
export function useLeaveSignedOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const state: AuthNavigationState = { tab: 'login' };
    await navigate('/auth', { replace: true, state });
    queryClient.clear();
  }, [navigate, queryClient]);
}

/** Signs out: revokes the session on the server, then leaves signed out. */
export function useLogout() {
  const { t } = useTranslation();
  const leaveSignedOut = useLeaveSignedOut();
  const mutation = useLogoutMutation();
  const { mutateAsync } = mutation;
  const logout = useCallback(async () => {
    try {
      await mutateAsync();
    } catch (error) {
      // 401: the session had already ended, so the person is signed out either way.
      if (!isApiError(error) || error.status !== 401) {
        toastApiError(t, error, t('auth.toasts.logoutFailed.title'));
        return;
      }
    }
    await leaveSignedOut();
  }, [mutateAsync, leaveSignedOut, t]);
  return { logout, isPending: mutation.isPending };
}
