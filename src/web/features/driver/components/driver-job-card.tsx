import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowRight, Loader2, MapPin, Package, Phone, type LucideIcon } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { codPaymentStateOf } from '@/shared/schemas/deliveries';
import type { DriverJob } from '@/shared/schemas/dispatch';
import { DeliveryTypeBadge } from '@/web/components/delivery-type-badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useAdvanceJob } from '../api/advance-job';
import { nextStepFor, telHref, type DriverStep } from '../lib/next-step';
import { DeliverDialog } from './deliver-dialog';
import { FailedAttemptDialog } from './failed-attempt-dialog';
import { CodStateBadge, PayOnDeliveryPanel } from './pay-on-delivery-panel';

/** One job, readable on a 360 px phone in the sun: where, who, what, what it pays, and one big next button. */
export function DriverJobCard({ job }: { job: DriverJob }) {
  const { t } = useTranslation();
  const advance = useAdvanceJob();
  const next = nextStepFor(job.status, job.handoverAttemptsLeft);
  const titleId = `job-${job.id}-title`;
  const isLocked = job.status === 'out_for_delivery' && job.handoverAttemptsLeft <= 0;
  // Nothing is due from anyone once the parcel goes back to the sender (decision 081): no amount, no payment state.
  const codState = job.cod ? codPaymentStateOf(job.status, job.cod.paidAt !== null) : null;
  const isFinished = job.status === 'delivered' || job.status === 'returned';

  // Until the saved step reaches the card (the jobs are fetched again), its button would offer the same step again.
  const isStepping = advance.isPending || (advance.isSuccess && advance.variables.jobId === job.id && advance.variables.status === next);

  const handleAdvance = (status: DriverStep) =>
    // Each press's own promise: a second call of `mutate` would silence the first one's callbacks.
    advance.mutateAsync({ jobId: job.id, status, idempotencyKey: `step:${job.id}:${status}:${job.history.length}` }).then(
      () => toast.success(t('driverWorkspace.toasts.stepSaved'), { description: t(`tracking.statuses.${status}`) }),
      (error: unknown) => toastApiError(t, error, t('driverWorkspace.toasts.stepFailed')),
    );

  return (
    <Card className="gap-4 py-4" role="article" aria-labelledby={titleId} data-testid="driver-job">
      <CardContent className="grid min-w-0 gap-4 px-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="font-semibold">
            {t('driverWorkspace.job.title', { id: job.id })}
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            <DeliveryTypeBadge deliveryType={job.deliveryType} testId="driver-job-delivery-type" />
            <span className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium" data-testid="driver-job-status">
              {t(`tracking.statuses.${job.status}`)}
            </span>
          </div>
        </div>

        <dl className="grid min-w-0 gap-3">
          <Row icon={MapPin} label={t('driverWorkspace.job.pickup')}>
            {job.pickupLocation}
          </Row>
          <Row icon={MapPin} label={t('driverWorkspace.job.dropoff')}>
            {job.dropoffLocation}
          </Row>
          <Row icon={Phone} label={t('driverWorkspace.job.receiver')}>
            <span className="block">{job.receiverName}</span>
            <a
              href={telHref(job.receiverPhone)}
              className="inline-flex min-h-10 items-center text-primary underline underline-offset-4"
              aria-label={t('driverWorkspace.job.call', { name: job.receiverName, phone: job.receiverPhone })}
            >
              {job.receiverPhone}
            </a>
          </Row>
          <Row icon={Package} label={t('driverWorkspace.job.package')}>
            {t(`booking.options.packageType.${job.packageType}`, { defaultValue: job.packageType })} ·{' '}
            {t(`booking.options.packageWeight.${job.packageWeight}`, { defaultValue: job.packageWeight })}
            {job.description && <span className="block text-sm font-normal text-muted-foreground">{job.description}</span>}
          </Row>
        </dl>
        <dl className="flex flex-wrap justify-between gap-x-4 gap-y-1 border-t pt-3 text-sm">
          <div>
            <dt className="sr-only">{t('driverWorkspace.job.when')}</dt>
            <dd>
              {job.deliveryDate} · {t(`booking.options.deliveryTime.${job.deliveryTime}`, { defaultValue: job.deliveryTime })}
            </dd>
          </div>
          {job.cod && codState && (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <dt className="text-muted-foreground">{t('driverWorkspace.cod.due')}</dt>
              <dd className="font-semibold tabular-nums" data-testid="driver-job-cod-amount">
                {formatNaira(job.cod.amountKobo)}
              </dd>
              <dd>
                <CodStateBadge state={codState} />
              </dd>
            </div>
          )}
          <div className="flex gap-1">
            <dt className="text-muted-foreground">{t(isFinished ? 'driverWorkspace.job.earned' : 'driverWorkspace.job.earnings')}</dt>
            <dd className="font-semibold tabular-nums" data-testid="driver-job-earnings">
              {formatNaira(job.earningsKobo)}
            </dd>
          </div>
        </dl>

        {isLocked && (
          <p role="status" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm font-medium text-destructive">
            {t('driverWorkspace.deliver.locked')}
          </p>
        )}
        {job.status === 'returning' && (
          <p role="status" className="rounded-md border p-3 text-sm">
            {t('driverWorkspace.returning')}
          </p>
        )}
        {job.status === 'failed_attempt' && (
          <p role="status" className="rounded-md border p-3 text-sm">
            {t('driverWorkspace.awaitingDecision')}
          </p>
        )}
        {job.cod && <PayOnDeliveryPanel job={job} cod={job.cod} />}
        {(job.status === 'out_for_delivery' || job.status === 'returning') && <DeliverDialog job={job} />}
        {job.status === 'out_for_delivery' && <FailedAttemptDialog job={job} />}
        {next && next !== 'deliver' && (
          <Button size="block" disabled={isStepping} onClick={() => void handleAdvance(next)}>
            {isStepping ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
            {t(`driverWorkspace.steps.${next}`)}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function Row({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon className="size-3.5" aria-hidden="true" />
        {label}
      </dt>
      <dd className="font-medium user-text">{children}</dd>
    </div>
  );
}
