import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LockKeyhole } from 'lucide-react';
import type { Role } from '@/shared/roles';
import { buttonVariants } from '@/web/components/ui/button';

/**
 * Inside the dashboard: a page that exists but is for another role (an operator's board opened by a customer).
 * It says so plainly rather than "Page not found" under the page's own title (docs/decisions/048).
 */
export function DashboardNotAvailable({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      aria-labelledby="dashboard-not-available-title"
      data-testid="not-available"
    >
      <LockKeyhole className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 id="dashboard-not-available-title" className="text-xl font-semibold break-words">
        {t('errors.notAvailable.title')}
      </h2>
      <p className="text-muted-foreground break-words">{t('errors.notAvailable.description', { role: t(`shell.roles.${role}`) })}</p>
      <Link to="/dashboard" className={buttonVariants()}>
        {t('shell.backToDashboard')}
      </Link>
    </section>
  );
}
