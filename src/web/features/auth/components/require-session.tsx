import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loader2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { apiErrorText } from '@/web/lib/api-client';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import type { AuthNavigationState } from '../lib/navigation-state';

/**
 * Guards /dashboard/*: without a session the visitor goes to the login tab, and sign-in brings them back
 * to the page they wanted. The server enforces the same rule on every private /api route. When the check itself
 * fails (no answer, a 5xx, after the client's retries), it says why and offers to ask again.
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
  if (query.isError) {
    return (
      <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-2xl font-semibold">{t('auth.guard.failed')}</h1>
        <p className="max-w-prose break-words text-muted-foreground">{apiErrorText(t, query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {t('auth.guard.retry')}
        </Button>
      </main>
    );
  }
  if (!query.data) {
    const state: AuthNavigationState = { tab: 'login', from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  return <Outlet />;
}
