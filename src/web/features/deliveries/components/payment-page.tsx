import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CreditCard, Loader2, Wallet } from 'lucide-react';
import { bookingBodySchema, type Delivery } from '@/shared/schemas/deliveries';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/web/components/ui/radio-group';
import { cn } from '@/web/lib/cn';
import { useDelivery } from '../api/get-delivery';
import { USER_PROFILE_KEY } from '@/web/lib/query-keys';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import { useInitiatePayment, type PaymentMethod } from '../api/initiate-payment';
import { invalidateDeliveryData } from '../api/query-keys';
import { useUpdateBooking } from '../api/update-booking';
import { useVerifyPayment } from '../api/verify-payment';
import { bookingLocationsFor, locationBodyOf } from '../lib/booking-locations';
import { apiErrorText } from '@/web/lib/api-client';
import { topUpLink } from '@/web/lib/top-up-link';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useSingleFlight } from '@/web/lib/use-single-flight';
import { apiErrorCode } from '../lib/errors';
import { amountToPayOf, termsOfCod } from '../lib/cod';
import { formatNaira } from '../lib/format';
import { CodTerms } from './cod-terms';
import { PriceBreakdown } from './delivery-summary';
import { LoadError, LoadingState, Notice } from './page-states';

const successUrl = (id: string) => `/dashboard/payment-success?delivery=${encodeURIComponent(id)}`;

/**
 * /dashboard/payment?delivery=LF001. The card gateway sends the payer back here with
 * ?reference=…&delivery_id=…, and the payment is verified before anything says "paid".
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const deliveryId = searchParams.get('delivery') ?? searchParams.get('delivery_id');
  const reference = searchParams.get('reference');
  const delivery = useDelivery(deliveryId);
  const verify = useVerifyPayment(reference, deliveryId);

  if (verify.isSuccess) return <Navigate to={successUrl(verify.data.id)} replace />;
  if (!deliveryId) {
    return (
      <Notice title={t('payment.missingTitle')} role="status">
        <Link to="/dashboard/my-deliveries" className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
          {t('payment.toDeliveries')}
        </Link>
      </Notice>
    );
  }
  if (verify.isFetching) return <LoadingState label={t('payment.verifying')} />;
  if (delivery.isPending) return <LoadingState />;
  if (delivery.isError) return <LoadError error={delivery.error} onRetry={() => void delivery.refetch()} />;

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('payment.title')}</h2>
        <p className="text-muted-foreground">{t('payment.subtitle', { id: delivery.data.id })}</p>
      </header>
      {verify.isError && <VerifyFailure error={verify.error} />}
      {delivery.data.status === 'awaiting_payment' ? (
        <PaymentForm delivery={delivery.data} />
      ) : (
        <Notice title={delivery.data.status === 'cancelled' ? t('payment.cancelledTitle') : t('payment.alreadyPaidTitle')} role="status">
          {delivery.data.trackingId && (
            <Link to={successUrl(delivery.data.id)} className={buttonVariants({ size: 'sm', className: 'mt-2' })}>
              {t('payment.viewReceipt')}
            </Link>
          )}
        </Notice>
      )}
    </div>
  );
}

function VerifyFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (apiErrorCode(error) === 'PAYMENT_FAILED') {
    return (
      <Notice title={t('payment.declined.title')} tone="error" role="alert">
        <p>{t('payment.declined.description')}</p>
      </Notice>
    );
  }
  return (
    <Notice title={t('payment.verifyFailed')} tone="error" role="alert">
      <p>{apiErrorText(t, error)}</p>
    </Notice>
  );
}

function PaymentForm({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useLocation();
  const queryClient = useQueryClient();
  const profile = useUserProfileQuery();
  const initiate = useInitiatePayment();
  const update = useUpdateBooking();
  const [method, setMethod] = useState<PaymentMethod>('wallet');
  const [isRedirecting, setIsRedirecting] = useState(false);
  const confirming = useSingleFlight();

  const balance = profile.data?.walletBalance;
  const balanceText = balance === undefined ? t('payment.balanceLoading') : formatNaira(balance);
  // A pay-on-delivery booking also holds its return reserve (decision 053): the sum is what is charged.
  const amountToPay = amountToPayOf(delivery);
  const isInsufficient = balance !== undefined && balance < amountToPay;
  const isBusy = confirming.isRunning || initiate.isPending || update.isPending || isRedirecting;

  // The lock ran out: re-price through update-booking (which renews it) and let the payer confirm the new total.
  const reprice = async () => {
    // The same places as booked when the flow carried them; else the booking's texts, found again by the server.
    const locations = bookingLocationsFor(state, delivery);
    const body = bookingBodySchema.safeParse({
      ...delivery,
      description: delivery.description ?? undefined,
      ...locationBodyOf(delivery, locations),
      ...(delivery.cod ? { collectOnDelivery: { amountKobo: delivery.cod.amountKobo } } : {}),
    });
    if (!body.success) {
      toast.error(t('payment.priceExpired.title'), { description: t('payment.priceExpired.editNeeded') });
      await navigate(`/dashboard/book-delivery?delivery=${encodeURIComponent(delivery.id)}`, { state });
      return;
    }
    try {
      const updated = await update.mutateAsync({ id: delivery.id, body: body.data });
      toast.warning(t('payment.priceExpired.title'), {
        description: t('payment.priceExpired.description', { amount: formatNaira(amountToPayOf(updated)) }),
      });
    } catch (error) {
      toastApiError(t, error, t('payment.priceExpired.title'));
    }
  };

  const handleConfirm = async () => {
    try {
      const result = await initiate.mutateAsync({ deliveryId: delivery.id, method });
      if (result.checkoutUrl) {
        setIsRedirecting(true);
        window.location.assign(result.checkoutUrl);
        return;
      }
      if (result.status === 'succeeded') {
        await navigate(successUrl(delivery.id), { replace: true });
        return;
      }
      toast.error(t('payment.failedTitle'), { description: t('payment.declined.description') });
    } catch (error) {
      const code = apiErrorCode(error);
      if (code === 'INSUFFICIENT_BALANCE') {
        toast.error(t('payment.insufficient.title'), { description: t('payment.insufficient.description') });
        void queryClient.invalidateQueries({ queryKey: USER_PROFILE_KEY });
      } else if (code === 'PRICE_EXPIRED') {
        await reprice();
      } else if (code === 'ALREADY_PAID') {
        toast.info(t('payment.alreadyPaidTitle'));
        await invalidateDeliveryData(queryClient);
        await navigate(successUrl(delivery.id), { replace: true });
      } else {
        toastApiError(t, error, t('payment.failedTitle'));
      }
    }
  };

  const methods = [
    { value: 'wallet', icon: Wallet, title: t('payment.methods.wallet.title'), description: t('payment.methods.wallet.description') },
    { value: 'card', icon: CreditCard, title: t('payment.methods.card.title'), description: t('payment.methods.card.description') },
  ] as const;

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h3 id="payment-method-title" className="text-lg">
              {t('payment.methodTitle')}
            </h3>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <RadioGroup
            aria-labelledby="payment-method-title"
            value={method}
            onValueChange={(value) => setMethod(value as PaymentMethod)}
            className="grid gap-3 sm:grid-cols-2"
          >
            {methods.map(({ value, icon: Icon, title, description }) => (
              <Label
                key={value}
                htmlFor={`payment-method-${value}`}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-4 leading-normal font-normal transition-colors hover:bg-muted/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  method === value && 'border-primary bg-primary/5',
                )}
              >
                <RadioGroupItem id={`payment-method-${value}`} value={value} className="mt-1" />
                <span className="grid min-w-0 gap-1">
                  <span className="flex items-center gap-2 font-semibold">
                    <Icon className="size-4" aria-hidden="true" />
                    {title}
                  </span>
                  <span className="text-sm text-muted-foreground">{description}</span>
                  <span className="text-sm">
                    {t('payment.walletBalance')}: <span className="font-semibold tabular-nums">{balanceText}</span>
                  </span>
                </span>
              </Label>
            ))}
          </RadioGroup>
          {isInsufficient && (
            <Notice title={t('payment.insufficient.noteTitle')} tone="warning">
              <p>{t('payment.insufficient.note', { balance: formatNaira(balance), total: formatNaira(amountToPay) })}</p>
              <Link className="font-medium underline underline-offset-4" to={topUpLink(amountToPay - balance)}>
                {t('wallet.topUpLink')}
              </Link>
            </Notice>
          )}
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg">{t('payment.summaryTitle')}</h3>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm break-words text-muted-foreground">{delivery.route}</p>
          <PriceBreakdown price={delivery.price} />
          {delivery.cod && <CodTerms terms={termsOfCod(delivery.cod)} deliveryFeeKobo={delivery.price.total} />}
          <Button size="lg" className="w-full whitespace-normal" disabled={isBusy} onClick={() => void confirming.run(handleConfirm)}>
            {isBusy && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
            {isBusy ? t('payment.processing') : t('payment.confirm', { amount: formatNaira(amountToPay) })}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
