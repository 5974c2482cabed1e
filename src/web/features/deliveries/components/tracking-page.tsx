import { Fragment } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Circle, Package, Search, Star, TriangleAlert, Truck, User } from 'lucide-react';
import { z } from 'zod';
import { normalizeTrackingId } from '@/shared/ids';
import { codPaymentStateOf, trackingParamsSchema, type TrackingResult } from '@/shared/schemas/deliveries';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { formatRating } from '@/web/lib/units';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';
import { useTracking } from '../api/get-tracking';
import { isUnavailable } from '../lib/errors';
import { formatDateTime, formatDeliveryWindow, formatNaira } from '../lib/format';
import { failedAttemptText } from '@/web/lib/failed-attempt-text';
import { LoadingState, Notice } from './page-states';
import { AfterFailureButtons } from './after-failure-buttons';
import { CodPaidBadge } from './cod-terms';
import { termsOfCod } from '../lib/cod';
import { GivenRating, RateDriverForm } from './rate-driver';
import { StatusBadge } from './status-badge';
import { TestBadge } from './test-badge';

const INVALID_TRACKING_ID = 'tracking.invalid.description';

/** /dashboard/tracking?id=LF-7KQ2-M9XD: the id in the URL is the one looked up, so links and reloads work. */
export function TrackingPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const trackingId = searchParams.get('id')?.trim() || null;
  const query = useTracking(trackingId);

  const handleTrack = (raw: string) => {
    const trimmed = raw.trim();
    const next = normalizeTrackingId(trimmed) ?? trimmed;
    if (next === trackingId) void query.refetch();
    else setSearchParams({ id: next });
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('tracking.title')}</h2>
        <p className="text-muted-foreground">{t('tracking.subtitle')}</p>
      </header>
      <TrackingSearch key={trackingId ?? ''} initialValue={trackingId ?? ''} onTrack={handleTrack} isBusy={query.isFetching} />
      {trackingId && query.isPending && <LoadingState label={t('tracking.searching')} />}
      {trackingId && query.isError && !isUnavailable(query.error) && (
        <Notice title={t('tracking.notFound.title')} tone="error" role="alert">
          <p>{t('tracking.notFound.description', { id: trackingId })}</p>
        </Notice>
      )}
      {query.data && <TrackingDetails result={query.data} />}
    </div>
  );
}

/** The search box: the shared parameter's bound, and the spec's "Invalid Tracking ID" when blank or beyond it. */
const trackingSearchSchema = trackingParamsSchema.extend({
  trackingId: z
    .string()
    .trim()
    .min(1, INVALID_TRACKING_ID)
    .max(trackingParamsSchema.shape.trackingId.maxLength ?? Infinity, INVALID_TRACKING_ID),
});
type TrackingSearchValues = z.infer<typeof trackingSearchSchema>;

function TrackingSearch({ initialValue, onTrack, isBusy }: { initialValue: string; onTrack: (value: string) => void; isBusy: boolean }) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TrackingSearchValues>({
    resolver: zodResolver(trackingSearchSchema),
    defaultValues: { trackingId: initialValue },
    // The message stays until the next search (the spec's toast says it too).
    reValidateMode: 'onSubmit',
  });
  const error = errors.trackingId?.message;

  const handleInvalid = (invalid: FieldErrors<TrackingSearchValues>) => {
    const key = invalid.trackingId?.message ?? INVALID_TRACKING_ID;
    toast.error(t('tracking.invalid.title'), { description: t(key) });
  };

  return (
    <Card className="min-w-0">
      <CardContent>
        <form noValidate onSubmit={handleSubmit(({ trackingId }) => onTrack(trackingId), handleInvalid)} className="grid gap-2">
          <Label htmlFor="tracking-id">{t('tracking.inputLabel')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="tracking-id"
              placeholder={t('tracking.placeholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'tracking-id-error' : undefined}
              className="font-mono"
              {...register('trackingId')}
            />
            <Button type="submit" disabled={isBusy} className="sm:w-32">
              <Search aria-hidden="true" />
              {t('tracking.track')}
            </Button>
          </div>
          {error && (
            <p id="tracking-id-error" role="alert" className="text-sm font-medium text-destructive">
              {t(error)}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * A pay-on-delivery order's amount to collect and whether the receiver has paid (decision 053), from the tracking
 * result itself; the live stream's delivery.cod_paid asks for the tracking again, so "Paid" appears without a reload.
 */
function TrackingCod({ result, cod }: { result: TrackingResult; cod: NonNullable<TrackingResult['cod']> }) {
  const { t } = useTranslation();
  const state = codPaymentStateOf(result.status, cod.paid);
  const terms = termsOfCod(cod);
  // What becomes of the money (decision 092): paid out with the reserve at hand-over, or the reserve pays a return.
  const outcome =
    result.status === 'delivered'
      ? t('cod.tracking.credited')
      : result.status === 'returning' || result.status === 'returned'
        ? t('cod.tracking.reserveKept')
        : null;
  return (
    <div className="grid gap-1 sm:col-span-2" data-testid="tracking-cod">
      <dt className="text-sm text-muted-foreground">{t('cod.column')}</dt>
      <dd className="grid gap-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          <span className="tabular-nums" data-testid="tracking-cod-amount">
            {formatNaira(cod.amountKobo)}
          </span>
          {state && <CodPaidBadge paid={state === 'paid'} />}
        </span>
        <dl className="grid max-w-sm grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-0.5 text-sm" data-testid="tracking-cod-terms">
          {(
            [
              ['fee', -terms.feeKobo],
              ['settled', terms.settledKobo],
              ['reserve', terms.reserveKobo],
            ] as const
          ).map(([key, amount]) => (
            <Fragment key={key}>
              <dt className="text-muted-foreground">{t(`cod.terms.${key}`)}</dt>
              <dd className="text-right whitespace-nowrap tabular-nums">{formatNaira(amount)}</dd>
            </Fragment>
          ))}
        </dl>
        {outcome && <p className="text-sm text-muted-foreground">{outcome}</p>}
      </dd>
    </div>
  );
}

function TrackingDetails({ result }: { result: TrackingResult }) {
  const { t, i18n } = useTranslation();
  const details = result.packageDetails;
  const packageRows = [
    ['type', t(`booking.options.packageType.${details.type}`)],
    ['weight', t(`booking.options.packageWeight.${details.weight}`)],
    ['pickup', details.pickup],
    ['dropoff', details.dropoff],
    ['recipient', details.recipient],
    ['recipientPhone', details.recipientPhone],
    ['description', details.description || t('booking.noDescription')],
  ] as const;

  return (
    <section aria-labelledby="tracking-result-title" className="grid min-w-0 gap-6">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="tracking-result-title" className="text-lg">
              {t('tracking.resultTitle', { id: result.deliveryId })}
            </h3>
            <span className="flex flex-wrap items-center gap-2">
              <TestBadge livemode={result.livemode} />
              <StatusBadge status={result.status} />
            </span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">{t('tracking.status')}</dt>
              <dd className="font-semibold" data-testid="tracking-status">
                {t(`tracking.statuses.${result.status}`)}
              </dd>
            </div>
            {result.estimatedDelivery && (
              <div className="grid gap-1">
                <dt className="text-sm text-muted-foreground">
                  {result.status === 'delivered' ? t('tracking.deliveredAt') : t('tracking.estimatedDelivery')}
                </dt>
                <dd className="font-semibold" data-testid="tracking-estimate">
                  {formatDeliveryWindow(result.estimatedDelivery, i18n.language, t)}
                </dd>
              </div>
            )}
            <div className="grid gap-1">
              <dt className="text-sm text-muted-foreground">{t('tracking.trackingId')}</dt>
              <dd className="font-mono font-semibold break-all">{result.trackingId}</dd>
            </div>
            {result.cod && <TrackingCod result={result} cod={result.cod} />}
          </dl>
          {result.status === 'failed_attempt' && result.failedAttempt && (
            <div className="mt-4 grid gap-3" data-testid="tracking-failed-attempt">
              <Notice title={t('tracking.failedAttempt.title')} tone="warning">
                <p className="user-text">
                  {failedAttemptText(t, result.failedAttempt)}
                </p>
                <p className="mt-1">{t('tracking.failedAttempt.decide')}</p>
              </Notice>
              <div className="flex flex-wrap gap-2">
                <AfterFailureButtons delivery={{ id: result.deliveryId, status: result.status }} />
              </div>
            </div>
          )}
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg">{t('tracking.progressTitle')}</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-0">
            {result.steps.map((step, index) => (
              <li
                key={step.key}
                aria-current={step.state === 'current' ? 'step' : undefined}
                data-state={step.state}
                className="relative grid grid-cols-[2rem_minmax(0,1fr)] gap-3 pb-6 last:pb-0"
              >
                {index < result.steps.length - 1 && (
                  <span
                    aria-hidden="true"
                    className={cn('absolute top-8 bottom-0 left-4 w-0.5 -translate-x-1/2', step.state === 'completed' ? 'bg-green-600' : 'bg-border')}
                  />
                )}
                <span
                  aria-hidden="true"
                  className={cn(
                    'relative flex size-8 items-center justify-center rounded-full border-2',
                    step.key === 'failed_attempt' && step.state !== 'pending' && 'border-orange-600 bg-orange-50 text-orange-700 dark:bg-orange-950 dark:text-orange-300',
                    step.key !== 'failed_attempt' && step.state === 'completed' && 'border-green-600 bg-green-600 text-white',
                    step.key !== 'failed_attempt' && step.state === 'current' && 'border-blue-600 bg-blue-50 text-blue-700 dark:bg-blue-950 dark:text-blue-300',
                    step.state === 'pending' && 'border-border bg-background text-muted-foreground',
                  )}
                >
                  {step.key === 'failed_attempt' && step.state !== 'pending' ? (
                    <TriangleAlert className="size-4" />
                  ) : step.state === 'completed' ? (
                    <Check className="size-4" />
                  ) : step.state === 'current' ? (
                    <Truck className="size-4" />
                  ) : (
                    <Circle className="size-3" />
                  )}
                </span>
                <div className="grid gap-0.5 pt-1">
                  <p className="font-semibold">
                    {t(`tracking.steps.${step.key}.title`)}{' '}
                    <span className={cn('text-xs font-medium', step.state === 'pending' ? 'text-muted-foreground' : step.state === 'current' ? 'text-blue-700 dark:text-blue-300' : 'text-green-700 dark:text-green-400')}>
                      ({t(`tracking.stepState.${step.state}`)})
                    </span>
                  </p>
                  <p className="text-sm text-muted-foreground">{t(`tracking.steps.${step.key}.description`)}</p>
                  {step.key === 'failed_attempt' && step.state !== 'pending' && result.failedAttempt && (
                    <p className="text-sm font-medium user-text" data-testid="tracking-failed-reason">
                      {failedAttemptText(t, result.failedAttempt)}
                    </p>
                  )}
                  {step.at && <p className="text-xs text-muted-foreground">{formatDateTime(step.at, i18n.language)}</p>}
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <div className="grid min-w-0 gap-6 md:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <User className="size-4" aria-hidden="true" />
              <h3 className="text-lg">{t('tracking.driver.title')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {result.driver ? (
              <dl className="grid gap-2">
                <div className="flex justify-between gap-4">
                  <dt className="text-sm text-muted-foreground">{t('tracking.driver.name')}</dt>
                  <dd className="font-medium user-text">{result.driver.name}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-sm text-muted-foreground">{t('tracking.driver.rating')}</dt>
                  <dd className="flex items-center gap-1 font-medium">
                    <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                    <span data-testid="driver-rating">
                      {result.driver.reviews === 0
                        ? t('tracking.driver.newDriver')
                        : t('tracking.driver.ratingValue', { rating: formatRating(result.driver.rating, i18n.language), count: result.driver.reviews })}
                    </span>
                  </dd>
                </div>
                {/* A driver who signed up by email has no phone on the account: no empty row, no dead tel: link. */}
                {result.driver.phone && (
                  <div className="flex justify-between gap-4">
                    <dt className="text-sm text-muted-foreground">{t('tracking.driver.phone')}</dt>
                    <dd className="font-medium">
                      <a href={`tel:${result.driver.phone}`} className="text-primary underline-offset-4 hover:underline">
                        {result.driver.phone}
                      </a>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">{t('tracking.driver.awaiting')}</p>
            )}
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Package className="size-4" aria-hidden="true" />
              <h3 className="text-lg">{t('tracking.package.title')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-2">
              {packageRows.map(([key, value]) => (
                <div key={key} className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4">
                  <dt className="text-sm text-muted-foreground">{t(`tracking.package.${key}`)}</dt>
                  <dd className="font-medium user-text">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>

      {result.displayStatus === 'delivered' && result.driver && (
        <Card className="min-w-0">
          <CardContent>
            {result.myRating ? (
              <GivenRating rating={result.myRating} />
            ) : (
              <RateDriverForm deliveryId={result.deliveryId} trackingId={result.trackingId} driverName={result.driver.name} />
            )}
          </CardContent>
        </Card>
      )}
    </section>
  );
}
