import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorText, isApiError } from '@/web/lib/api-error';

/** The router's fallback: "Unexpected Application Error" with the status or message. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : isApiError(error)
      ? apiErrorText(t, error)
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
