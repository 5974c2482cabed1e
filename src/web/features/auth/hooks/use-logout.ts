import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '@/web/lib/api-client';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useLogoutMutation } from '../api/logout';
import type { AuthNavigationState } from '../lib/navigation-state';

/**
 * Signs out: revokes the session on the server, leaves for /auth's login tab, then forgets every cached
 * answer. The cache is cleared only after the navigation so the dashboard's session guard never sees a
 * half-signed-out state (it would send the person to /auth remembering the page to "return" to).
 */
export function useLogout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
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
    const state: AuthNavigationState = { tab: 'login' };
    await navigate('/auth', { replace: true, state });
    queryClient.clear();
  }, [mutateAsync, navigate, queryClient, t]);
  return { logout, isPending: mutation.isPending };
}
