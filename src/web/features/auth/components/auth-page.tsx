import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { useSession } from '../hooks/use-session';
import { readAuthState } from '../lib/navigation-state';
import { LoginForm } from './login-form';
import { SignUpForm } from './sign-up-form';

type Tab = 'signup' | 'login';

/**
 * /auth: marketing on the left (wide screens only), sign-up and login tabs on the right. Navigation state
 * `tab=login` opens the login tab (with an optional message and identifier), `?tab=signup` the sign-up tab.
 */
export function AuthPage() {
  const location = useLocation();
  // Each arrival (e.g. back from verification) starts from its own state.
  return <AuthPageContent key={location.key} />;
}

function AuthPageContent() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const state = readAuthState(location.state);
  const initialTab: Tab = searchParams.get('tab') === 'signup' ? 'signup' : state.tab === 'login' ? 'login' : 'signup';
  const [tab, setTab] = useState<Tab>(initialTab);
  const session = useSession();

  // Only a fresh answer counts: the cache may still remember a session that sign-out just ended.
  if (session.isSignedIn && session.isFresh) return <Navigate to={state.from ?? '/dashboard'} replace />;

  return (
    <main className="grid flex-1 lg:grid-cols-2">
      <section
        aria-labelledby="auth-marketing-title"
        className="hidden flex-col justify-center gap-4 bg-primary px-12 py-16 text-primary-foreground lg:flex"
      >
        <h2 id="auth-marketing-title" className="max-w-lg text-4xl font-bold tracking-tight text-balance">
          {t('auth.page.marketingTitle')}
        </h2>
        <p className="max-w-lg text-lg text-pretty opacity-90">{t('auth.page.marketingSubtitle')}</p>
      </section>
      <section className="flex items-start justify-center px-4 py-8 sm:px-6 sm:py-12 lg:items-center">
        <div className="w-full max-w-md">
          <h1 className="sr-only">{t('auth.page.title')}</h1>
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-6">
            <TabsList className="grid w-full grid-cols-2" aria-label={t('auth.page.tabsLabel')}>
              <TabsTrigger value="signup">{t('auth.page.signupTab')}</TabsTrigger>
              <TabsTrigger value="login">{t('auth.page.loginTab')}</TabsTrigger>
            </TabsList>
            <TabsContent value="signup" className="grid gap-6">
              <div className="grid gap-1">
                <h2 className="text-2xl font-semibold tracking-tight">{t('auth.signup.title')}</h2>
                <p className="text-sm text-muted-foreground">{t('auth.signup.subtitle')}</p>
              </div>
              <SignUpForm onSwitchToLogin={() => setTab('login')} />
            </TabsContent>
            <TabsContent value="login" className="grid gap-6">
              <div className="grid gap-1">
                <h2 id="login-heading" className="text-2xl font-semibold tracking-tight">
                  {t('auth.login.title')}
                </h2>
                <p className="text-sm text-muted-foreground">{t('auth.login.subtitle')}</p>
              </div>
              {state.message && (
                <div
                  role="status"
                  className="flex items-start gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm text-foreground"
                >
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>{i18n.exists(state.message) ? t(state.message) : state.message}</span>
                </div>
              )}
              <LoginForm
                defaultIdentifier={state.identifier}
                returnTo={state.from}
                onSwitchToSignUp={() => setTab('signup')}
              />
            </TabsContent>
          </Tabs>
        </div>
      </section>
    </main>
  );
}
