import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import type { DeliveryStatus } from '@/shared/schemas/deliveries';
import { buttonVariants } from '@/web/components/ui/button';
import { payUrlOf } from '../lib/urls';

/** "Pay now" on an unpaid booking: the booking flow's own payment page, which re-prices an expired quote. */
export function PayNowLink({ delivery, className }: { delivery: { id: string; status: DeliveryStatus }; className?: string }) {
  const { t } = useTranslation();
  if (delivery.status !== 'awaiting_payment') return null;
  return (
    <Link
      to={payUrlOf(delivery)}
      className={buttonVariants({ size: 'sm', className })}
      aria-label={t('deliveries.payNowLabel', { id: delivery.id })}
    >
      <CreditCard aria-hidden="true" />
      {t('deliveries.payNow')}
    </Link>
  );
}
