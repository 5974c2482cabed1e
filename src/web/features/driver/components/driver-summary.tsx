import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Banknote, CircleAlert, Star, Truck, type LucideIcon } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { apiErrorText } from '@/web/lib/api-client';
import { formatHomeCount } from '@/web/lib/home-count';
import { formatRating } from '@/web/lib/units';
import type { DriverHomeSummary } from '@/shared/schemas/dispatch';
import { useDriverSummary } from '../api/get-driver-summary';
import { DutySwitch } from './duty-switch';

/**
 * The top of the driver's home (decision 060): jobs on the road, what today's deliveries put in the wallet (the
 * Lagos day), whether operators can assign them work (their vehicle on record and their duty switch, decision
 * 063, which sits underneath), and the customers' rating of them. A row each on a phone.
 */
export function DriverSummary() {
  const { t, i18n } = useTranslation();
  const summary = useDriverSummary();
  const data = summary.data;

  if (summary.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 p-3 text-sm">
        <p className="min-w-0">{apiErrorText(t, summary.error, t('driverWorkspace.summary.failed'))}</p>
        <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
          {t('dispatch.retry')}
        </Button>
      </div>
    );
  }

  const vehicle = data?.vehicle;
  return (
    <section aria-label={t('driverWorkspace.summary.label')} aria-busy={summary.isPending} className="grid gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Item icon={Truck} label={t('driverWorkspace.summary.activeJobs')} testId="driver-summary-active">
          {data ? formatHomeCount(data.activeJobs, i18n.language) : '—'}
        </Item>
        <Item icon={Banknote} label={t('driverWorkspace.summary.earnedToday')} testId="driver-summary-earned">
          {data ? formatNaira(data.earnedTodayKobo) : '—'}
        </Item>
        <Item
          icon={data && !data.availableForWork ? CircleAlert : BadgeCheck}
          label={t('driverWorkspace.summary.availability')}
          testId="driver-summary-available"
          detail={
            data &&
            (vehicle
              ? `${t(`booking.options.transportMode.${vehicle.transportMode}`)} · ${vehicle.plateNumber}`
              : t('driverWorkspace.summary.noVehicle'))
          }
        >
          {data ? t(availabilityKey(data)) : '—'}
        </Item>
        <Item icon={Star} label={t('driverWorkspace.summary.rating')} testId="driver-summary-rating">
          {!data
            ? '—'
            : data.rating.average === null
              ? t('driverWorkspace.summary.noRatings')
              : t('tracking.driver.ratingValue', { rating: formatRating(data.rating.average, i18n.language), count: data.rating.reviews })}
        </Item>
      </dl>
      {data?.duty && <DutySwitch duty={data.duty} />}
    </section>
  );
}

function availabilityKey(summary: DriverHomeSummary) {
  if (summary.availableForWork) return 'driverWorkspace.summary.available';
  return summary.duty?.onDuty === false ? 'driverWorkspace.summary.offDuty' : 'driverWorkspace.summary.notAvailable';
}

function Item({ icon: Icon, label, testId, detail, children }: { icon: LucideIcon; label: string; testId: string; detail?: ReactNode; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-0.5 rounded-lg border bg-card p-3">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0 break-words">{label}</span>
      </dt>
      <dd className="text-lg font-bold break-words tabular-nums" data-testid={testId}>
        {children}
      </dd>
      {detail && <dd className="text-sm break-words text-muted-foreground">{detail}</dd>}
    </div>
  );
}
