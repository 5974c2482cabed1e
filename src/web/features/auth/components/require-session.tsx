import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loader2 } from 'lucide-react';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import type { AuthNavigationState } from '../lib/navigation-state';

/**
 * Guards /dashboard/*: without a session the visitor goes to the login tab, and sign-in brings them back
 * to the page they wanted. The server enforces the same rule on every private /api route.
 */
export function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useUserProfileQuery();

  if (query.isPending) {
    return (
      <div role="status" className="flex min-h-dvh items-center justify-center gap-2 text-muted-foreground">
        <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
        <span>{t('auth.guard.checking')}</span>
      </div>
    );
  }
  if (query.isError) throw query.error;
  if (!query.data) {
    const state: AuthNavigationState = { tab: 'login', from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  return <Outlet />;
}
