import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, Loader2, TrendingUp, Truck } from 'lucide-react';
import { OPEN_APPLICATION_STATUSES, type PartnerApplication, type PartnerType } from '@/shared/schemas/partners';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import { formatPublishedStat, type PublishedStat } from '@/web/lib/published-figures';
import { useMyApplications } from '../api/get-my-applications';
import { ApplicationStatusBadge } from './application-status-badge';
import { formatInstant } from '@/web/lib/lagos-time';

/** The spec's marketing figures (section 9). */
const STATS = ['partners', 'earnings', 'deliveries', 'support'] as const satisfies readonly PublishedStat[];

const CHOICES: { type: PartnerType; to: string; icon: typeof Truck; points: string[] }[] = [
  { type: 'transportation', to: '/dashboard/transportation-partner-form', icon: Truck, points: ['earnings', 'flexible', 'support'] },
  { type: 'investment', to: '/dashboard/investment-partner-form', icon: TrendingUp, points: ['returns', 'dividends', 'exit'] },
];

function ApplicationsList({ applications }: { applications: PartnerApplication[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="grid gap-3" aria-label={t('partners.applications.title')}>
      {applications.map((application) => (
        <li key={application.id} className="grid gap-1 rounded-md border p-3" data-testid="partner-application">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium">{t(`partners.type.${application.type}`)}</span>
            <ApplicationStatusBadge status={application.status} />
          </div>
          <p className="text-xs text-muted-foreground">{t('partners.applications.submittedOn', { date: formatInstant(application.createdAt, i18n.language, { dateStyle: 'medium' }) })}</p>
          <p className="text-sm">
            {application.status === 'rejected'
              ? t('partners.applications.hint.rejected', { reason: application.rejectionReason ?? '' })
              : t(`partners.applications.hint.${application.status}`, { nextStep: t(`messages.applicationDecisions.nextStep.${application.type}`) })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Become a Partner: the two ways to join, the spec's figures, and the applicant's applications with their status. */
export function BecomePartnerPage() {
  const { t, i18n } = useTranslation();
  const applications = useMyApplications();
  const hasOpen = (type: PartnerType) =>
    (applications.data ?? []).some((application) => application.type === type && OPEN_APPLICATION_STATUSES.includes(application.status));

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-2xl font-semibold">{t('partners.become.title')}</h2>
        <p className="text-muted-foreground">{t('partners.become.subtitle')}</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {STATS.map((stat) => (
          <div key={stat} className="rounded-lg border bg-card p-4">
            <dt className="text-sm text-muted-foreground">{t(`partners.become.stats.${stat}`)}</dt>
            <dd className="text-2xl font-bold">{formatPublishedStat(stat, i18n.language)}</dd>
          </div>
        ))}
      </dl>

      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        {CHOICES.map(({ type, to, icon: Icon, points }) => (
          <Card key={type} className="flex flex-col">
            <CardHeader>
              <Icon className="size-8 text-primary" aria-hidden="true" />
              <CardTitle>
                <h3 className="text-lg">{t(`partners.type.${type}`)}</h3>
              </CardTitle>
              <CardDescription>{t(`partners.become.${type}.description`)}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="grid gap-2 text-sm">
                {points.map((point) => (
                  <li key={point} className="flex items-start gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    {t(`partners.become.${type}.points.${point}`)}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              {hasOpen(type) ? (
                <Button disabled className="h-auto min-h-10 w-full text-center whitespace-normal">
                  {t('partners.become.inProgress')}
                </Button>
              ) : (
                // Long calls to action (French, Igbo) wrap instead of widening the card past a phone's screen.
                <Link to={to} className={buttonVariants({ className: 'h-auto min-h-10 w-full text-center whitespace-normal' })}>
                  {t(`partners.become.${type}.cta`)}
                </Link>
              )}
            </CardFooter>
          </Card>
        ))}
      </div>

      <section aria-labelledby="partner-applications-title" className="grid gap-3">
        <h3 id="partner-applications-title" className="text-lg font-semibold">
          {t('partners.applications.title')}
        </h3>
        {applications.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            {t('partners.applications.loading')}
          </p>
        ) : applications.isError ? (
          <div className="flex items-center gap-3 text-sm">
            {t('partners.applications.loadFailed')}
            <Button variant="outline" size="sm" onClick={() => void applications.refetch()}>
              {t('partners.applications.retry')}
            </Button>
          </div>
        ) : applications.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('partners.applications.empty')}</p>
        ) : (
          <ApplicationsList applications={applications.data} />
        )}
      </section>
    </div>
  );
}
