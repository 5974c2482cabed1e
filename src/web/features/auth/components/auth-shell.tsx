import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';

export interface AuthShellProps {
  /** The brand mark beside the wordmark (decorative). */
  brandMark?: ReactNode;
  /** The language selector, composed in by the app layer. */
  languageSelect?: ReactNode;
}

/** The header every account screen shares: the logo linking home and the language selector. */
export function AuthShell({ brandMark, languageSelect }: AuthShellProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md text-lg font-bold outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={t('auth.page.homeLink')}
          >
            {brandMark}
            <span aria-hidden="true">{t('auth.page.brand')}</span>
          </Link>
          {languageSelect}
        </div>
      </header>
      <Outlet />
    </div>
  );
}

/** A centred card for the single-form screens (verification, reset). */
export function AuthCardScreen({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <div className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description && <div className="mt-2 text-sm text-muted-foreground">{description}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}
