import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-semibold">{t('errors.notFound.title')}</h1>
      <Link to="/" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground underline-offset-4 hover:underline">
        {t('errors.notFound.home')}
      </Link>
    </main>
  );
}
