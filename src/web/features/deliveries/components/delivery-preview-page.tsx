import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, CreditCard } from 'lucide-react';
import { buttonVariants } from '@/web/components/ui/button';
import { useNow } from '@/web/lib/use-now';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useDelivery } from '../api/get-delivery';
import { bookingLocationsFor, flowStateOf } from '../lib/booking-locations';
import { termsOfCod } from '../lib/cod';
import { formatDeliveryWindow, formatTime } from '../lib/format';
import { CodTerms } from './cod-terms';
import { DeliveryDetails, PriceBreakdown } from './delivery-summary';
import { LoadError, LoadingState, Notice } from './page-states';
import { StatusBadge } from './status-badge';
import { TestBadge } from './test-badge';

/** /dashboard/delivery-preview?delivery=LF001: the saved booking, read back from the server. */
export function DeliveryPreviewPage() {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const deliveryId = searchParams.get('delivery');
  const query = useDelivery(deliveryId);
  const now = useNow();

  if (!deliveryId) {
    return (
      <Notice title={t('booking.preview.missingTitle')} role="status">
        <Link to="/dashboard/book-delivery" className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
          {t('booking.preview.startBooking')}
        </Link>
      </Notice>
    );
  }
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const delivery = query.data;
  const isUnpaid = delivery.status === 'awaiting_payment';
  const enc = encodeURIComponent(delivery.id);
  // The places chosen in the form ride along, so going back to edit (or re-pricing at payment) keeps them.
  const flowState = flowStateOf(bookingLocationsFor(state, delivery));

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 className="text-2xl font-bold tracking-tight">{t('booking.preview.title')}</h2>
          <p className="text-muted-foreground">{t('booking.preview.subtitle', { id: delivery.id })}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <TestBadge livemode={delivery.livemode} />
          <StatusBadge status={delivery.status} />
        </div>
      </header>

      {!isUnpaid && (
        <Notice title={delivery.status === 'cancelled' ? t('booking.preview.cancelledTitle') : t('booking.preview.paidTitle')} role="status">
          {delivery.trackingId && (
            <Link to={`/dashboard/tracking?id=${encodeURIComponent(delivery.trackingId)}`} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
              {t('booking.preview.track')}
            </Link>
          )}
        </Notice>
      )}

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">{t('booking.preview.detailsTitle')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DeliveryDetails delivery={delivery} />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">{t('booking.preview.priceTitle')}</h3>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <PriceBreakdown price={delivery.price} />
            {isUnpaid && delivery.estimatedDelivery && (
              <p className="grid gap-1 text-sm" data-testid="preview-estimate">
                <span className="text-muted-foreground">{t('booking.preview.estimatedDelivery')}</span>
                <span className="font-semibold">{formatDeliveryWindow(delivery.estimatedDelivery, i18n.language, t)}</span>
              </p>
            )}
            {delivery.cod && (
              <CodTerms terms={termsOfCod(delivery.cod)} deliveryFeeKobo={delivery.price.total} paidAt={isUnpaid ? undefined : delivery.cod.paidAt} />
            )}
            {isUnpaid && (
              <p className="text-xs text-muted-foreground">
                {Date.parse(delivery.priceLockedUntil) > now
                  ? t('booking.preview.priceLocked', { time: formatTime(delivery.priceLockedUntil, i18n.language) })
                  : t('booking.preview.priceExpired')}
              </p>
            )}
          </CardContent>
        </Card>
      </div>

      {isUnpaid && (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to={`/dashboard/book-delivery?delivery=${enc}`} state={flowState} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            <ArrowLeft aria-hidden="true" />
            {t('booking.preview.back')}
          </Link>
          <Link to={`/dashboard/payment?delivery=${enc}`} state={flowState} className={buttonVariants({ size: 'lg' })}>
            <CreditCard aria-hidden="true" />
            {t('booking.preview.makePayments')}
          </Link>
        </div>
      )}
    </div>
  );
}
