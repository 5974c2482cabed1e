import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader2, PartyPopper } from 'lucide-react';
import { OPEN_APPLICATION_STATUSES } from '@/shared/schemas/partners';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { useMyApplications } from '../api/get-my-applications';
import { BECOME_PARTNER_PATH, type PartnerSuccessState } from './application-form';

function submittedIdOf(state: unknown): string | undefined {
  const id = (state as Partial<PartnerSuccessState> | null)?.submittedApplicationId;
  return typeof id === 'string' ? id : undefined;
}

/**
 * After an application is received: the spec's welcome, the 24-48 hour response window, Continue to the dashboard.
 * Only for someone who has applied: the form hands over the application it sent; otherwise (a typed address, a
 * bookmark) an application still waiting for an answer will do, and without one the visitor goes to Become a
 * Partner (docs/decisions/048).
 */
export function PartnerSuccessPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const justSubmitted = submittedIdOf(location.state) !== undefined;
  const applications = useMyApplications();

  if (!justSubmitted) {
    if (applications.isPending) {
      return (
        <div role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
          <span>{t('partners.applications.loading')}</span>
        </div>
      );
    }
    const isWaiting = applications.data?.some((application) => OPEN_APPLICATION_STATUSES.includes(application.status)) ?? false;
    if (!isWaiting) return <Navigate to={BECOME_PARTNER_PATH} replace />;
  }

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <PartyPopper className="size-12 text-primary" aria-hidden="true" />
        <h2 className="text-2xl font-semibold break-words">{t('partners.success.title')}</h2>
        <p className="text-muted-foreground">{t('partners.success.description')}</p>
        <Link to="/dashboard" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
          {t('partners.success.continue')}
        </Link>
      </CardContent>
    </Card>
  );
}
