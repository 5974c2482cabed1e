import { useTranslation } from 'react-i18next';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { useNow } from '@/web/lib/use-now';
import { cn } from '@/web/lib/cn';
import { formatTime } from '../lib/format';

/** Under an unpaid booking's status: until when its price is held, or that the hold ran out (Pay now re-prices). */
export function PriceHoldNote({ delivery, className }: { delivery: Pick<DeliveryListItem, 'status' | 'priceLockedUntil'>; className?: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  if (delivery.status !== 'awaiting_payment') return null;
  const isHeld = Date.parse(delivery.priceLockedUntil) > now;
  return (
    <span className={cn('block text-xs text-muted-foreground', className)} data-testid="price-hold">
      {isHeld
        ? t('deliveries.priceHeldUntil', { time: formatTime(delivery.priceLockedUntil, i18n.language) })
        : t('deliveries.priceHoldExpired')}
    </span>
  );
}
