import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CircleCheck, Clock, Copy, Home, MapPin, Route } from 'lucide-react';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { formatKilometres } from '@/web/lib/units';
import { useDelivery } from '../api/get-delivery';
import { amountToPayOf } from '../lib/cod';
import { formatDateTime, formatDeliveryWindow, formatNaira } from '../lib/format';
import { DeliveryDetails } from './delivery-summary';
import { LoadError, LoadingState, Notice } from './page-states';

/** /dashboard/payment-success?delivery=LF001 */
export function PaymentSuccessPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const deliveryId = searchParams.get('delivery');
  const query = useDelivery(deliveryId);

  if (!deliveryId) {
    return <Notice title={t('payment.missingTitle')} role="status" />;
  }
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const delivery = query.data;
  const trackingId = delivery.trackingId;
  if (!trackingId) {
    return (
      <Notice title={t('payment.success.notPaidTitle', { id: delivery.id })} role="status">
        <Link to={`/dashboard/payment?delivery=${encodeURIComponent(delivery.id)}`} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
          {t('payment.success.goToPayment')}
        </Link>
      </Notice>
    );
  }

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(trackingId);
      toast.success(t('payment.success.copiedTitle'), { description: t('payment.success.copiedDescription') });
    } catch {
      toast.error(t('payment.success.copyFailedTitle'), { description: t('payment.success.copyFailedDescription', { id: trackingId }) });
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl min-w-0 gap-6">
      <header className="grid justify-items-center gap-3 text-center">
        <CircleCheck className="size-14 text-success" aria-hidden="true" />
        <h2 className="text-2xl font-bold tracking-tight">{t('payment.success.title')}</h2>
        <p className="text-muted-foreground">{t('payment.success.subtitle', { amount: formatNaira(amountToPayOf(delivery)) })}</p>
      </header>

      <Card className="min-w-0">
        <CardContent className="grid gap-5">
          <div className="grid gap-2 rounded-lg bg-muted p-4">
            <p className="text-sm text-muted-foreground" id="tracking-id-label">
              {t('payment.success.trackingId')}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-mono text-xl font-bold tracking-wider break-all" aria-labelledby="tracking-id-label" data-testid="tracking-id">
                {trackingId}
              </p>
              <Button variant="outline" size="sm" onClick={() => void handleCopy()} aria-label={t('payment.success.copyLabel')}>
                <Copy aria-hidden="true" />
                {t('payment.success.copy')}
              </Button>
            </div>
          </div>
          <div className="grid gap-2 text-sm">
            {delivery.estimatedDelivery && (
              <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="estimated-delivery">
                <Clock className="size-4 text-muted-foreground" aria-hidden="true" />
                <span>{t('payment.success.estimatedDelivery')}:</span>
                <span className="font-semibold">{formatDeliveryWindow(delivery.estimatedDelivery, i18n.language, t)}</span>
              </p>
            )}
            <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5" data-testid="delivery-distance">
              <Route className="size-4 text-muted-foreground" aria-hidden="true" />
              {delivery.distanceMeters === null ? (
                <span>{t('deliveries.distanceUnknown')}</span>
              ) : (
                <>
                  <span>{t('payment.success.distance')}:</span>
                  <span className="font-semibold">{formatKilometres(delivery.distanceMeters, i18n.language)}</span>
                </>
              )}
            </p>
          </div>
          <dl className="grid gap-3 border-t border-border pt-4">
            <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm text-muted-foreground">{t('payment.success.deliveryId')}</dt>
              <dd className="font-medium">{delivery.id}</dd>
            </div>
            <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
              <dt className="text-sm text-muted-foreground">{t('payment.success.amountPaid')}</dt>
              <dd className="font-medium tabular-nums">{formatNaira(amountToPayOf(delivery))}</dd>
            </div>
            {delivery.paymentMethod && (
              <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
                <dt className="text-sm text-muted-foreground">{t('payment.success.paymentMethod')}</dt>
                <dd className="font-medium">{t(`payment.methods.${delivery.paymentMethod}.title`)}</dd>
              </div>
            )}
            {delivery.paidAt && (
              <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
                <dt className="text-sm text-muted-foreground">{t('payment.success.paidAt')}</dt>
                <dd className="font-medium">{formatDateTime(delivery.paidAt, i18n.language)}</dd>
              </div>
            )}
          </dl>
          <div className="border-t border-border pt-4">
            <h3 className="mb-3 font-semibold">{t('payment.success.bookingDetails')}</h3>
            <DeliveryDetails delivery={delivery} />
          </div>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
        <Link to="/dashboard" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
          <Home aria-hidden="true" />
          {t('payment.success.backHome')}
        </Link>
        <Link to={`/dashboard/tracking?id=${encodeURIComponent(trackingId)}`} className={buttonVariants({ size: 'lg' })}>
          <MapPin aria-hidden="true" />
          {t('payment.success.track')}
        </Link>
      </div>
    </div>
  );
}
