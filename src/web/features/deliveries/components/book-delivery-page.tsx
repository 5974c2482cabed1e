import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/web/components/ui/button';
import { useDelivery } from '../api/get-delivery';
import { bookingLocationsFor } from '../lib/booking-locations';
import { BookingForm } from './booking-form';
import { LoadError, LoadingState, Notice } from './page-states';

/** /dashboard/book-delivery, or ?delivery=LF001 to edit that unpaid booking (the preview's Back). */
export function BookDeliveryPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const deliveryId = searchParams.get('delivery');
  const delivery = useDelivery(deliveryId);

  let body;
  if (!deliveryId) body = <BookingForm key="new" />;
  else if (delivery.isPending) body = <LoadingState />;
  else if (delivery.isError) body = <LoadError error={delivery.error} onRetry={() => void delivery.refetch()} />;
  else if (delivery.data.status !== 'awaiting_payment') {
    body = (
      <Notice title={t('booking.notEditable.title', { id: delivery.data.id })} role="status">
        <p>{t('booking.notEditable.description')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {delivery.data.trackingId && (
            <Link to={`/dashboard/tracking?id=${encodeURIComponent(delivery.data.trackingId)}`} className={buttonVariants({ size: 'sm' })}>
              {t('booking.notEditable.track')}
            </Link>
          )}
          <Link to="/dashboard/book-delivery" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            {t('booking.notEditable.newBooking')}
          </Link>
        </div>
      </Notice>
    );
  } else body = <BookingForm key={delivery.data.id} delivery={delivery.data} locations={bookingLocationsFor(state, delivery.data)} />;

  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{deliveryId ? t('booking.editTitle', { id: deliveryId }) : t('booking.title')}</h2>
        <p className="text-muted-foreground">{t('booking.subtitle')}</p>
      </header>
      {body}
    </div>
  );
}
