import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { buttonVariants } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { viewUrlOf } from '../lib/urls';
import { AfterFailureButtons } from './after-failure-buttons';
import { CancelDeliveryButton } from './cancel-delivery-button';
import { PayNowLink } from './pay-now-link';

/** A listed delivery's buttons, the same in the table and on a phone's card: View, Pay now when unpaid, Cancel, and the decision after a failed attempt. */
export function DeliveryActions({ delivery, className }: { delivery: DeliveryListItem; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      <Link
        to={viewUrlOf(delivery)}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
        aria-label={t('deliveries.viewLabel', { id: delivery.id })}
      >
        {t('deliveries.view')}
      </Link>
      <PayNowLink delivery={delivery} />
      {delivery.canCancel && <CancelDeliveryButton delivery={delivery} />}
      <AfterFailureButtons delivery={delivery} />
    </div>
  );
}
