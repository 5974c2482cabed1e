import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/web/components/ui/button';

/** Inside the dashboard: an unknown page, or one the account's role does not open (navigation stays one click away). */
export function DashboardNotFound() {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 py-16 text-center" aria-labelledby="dashboard-not-found-title">
      <h2 id="dashboard-not-found-title" className="text-xl font-semibold">
        {t('errors.notFound.title')}
      </h2>
      <Link to="/dashboard" className={buttonVariants()}>
        {t('shell.backToDashboard')}
      </Link>
    </section>
  );
}
