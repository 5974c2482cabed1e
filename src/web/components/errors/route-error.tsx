import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';

/** A page's code that could not be fetched (the browser's words differ; they all name the module or the fetch). */
const isCodeLoadFailure = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch|error loading/i.test(error.message);

/**
 * The router's fallback: "Unexpected Application Error" with the status or message. A page whose code could not be
 * fetched because the browser is offline says so instead, and loads by itself when the connection returns
 * (decision 060).
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [isOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false && isCodeLoadFailure(error));
  useEffect(() => {
    if (!isOffline) return;
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [isOffline]);

  if (isOffline) {
    return (
      <main role="status" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
        <h1 className="text-2xl font-semibold">{t('offline.page.title')}</h1>
        <p className="max-w-prose break-words text-muted-foreground">{t('offline.page.description')}</p>
      </main>
    );
  }
  // No API failure reaches here: screens show their own, in words (the session guard's included).
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">{t('errors.unexpected.title')}</h1>
      <p className="max-w-prose break-words text-muted-foreground">{detail}</p>
      <a href="/" className="text-primary underline">
        {t('errors.notFound.home')}
      </a>
    </main>
  );
}
