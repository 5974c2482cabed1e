import { useTranslation } from 'react-i18next';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { cn } from '@/web/lib/cn';
import { formatCalendarDate, formatDeliveryWindow, formatNaira } from '../lib/format';
import { CodListValue } from './cod-terms';
import { DeliveryActions } from './delivery-actions';
import { PriceHoldNote } from './price-hold-note';
import { FailedAttemptNote } from './failed-attempt-note';
import { StatusBadge } from './status-badge';
import { TestBadge } from './test-badge';

/**
 * My Deliveries on a phone, a tablet or beside the menu on a narrow laptop: each delivery is a card with every column
 * of the table (ID, status, route, date, estimate, amount) and its View and Cancel buttons, so nothing needs a
 * sideways swipe. From `xl` up the page shows the table instead (docs/decisions/048).
 */
export function DeliveryCardList({
  items,
  isBusy,
  className,
}: {
  items: readonly DeliveryListItem[];
  isBusy: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ul
      className={cn('grid gap-3 p-3', className)}
      aria-label={t('deliveries.title')}
      aria-busy={isBusy}
      data-testid="delivery-cards"
    >
      {items.map((delivery) => (
        <li key={delivery.id} className="grid gap-3 rounded-lg border border-border p-3" data-testid="delivery-card">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="flex flex-wrap items-center gap-1.5 font-semibold">
              <span className="sr-only">{t('deliveries.columns.id')}: </span>
              {delivery.id}
              <TestBadge livemode={delivery.livemode} />
            </h3>
            <StatusBadge status={delivery.status} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-muted-foreground">{t('deliveries.columns.route')}</dt>
            <dd className="break-words">{delivery.route}</dd>
            <dt className="text-muted-foreground">{t('deliveries.columns.date')}</dt>
            <dd>{formatCalendarDate(delivery.date, i18n.language)}</dd>
            {delivery.estimatedDelivery && delivery.displayStatus !== 'delivered' && (
              <>
                <dt className="text-muted-foreground">{t('deliveries.columns.estimatedDelivery')}</dt>
                <dd className="break-words">{formatDeliveryWindow(delivery.estimatedDelivery, i18n.language, t)}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{t('deliveries.columns.amount')}</dt>
            <dd className="font-semibold tabular-nums">{formatNaira(delivery.price.total)}</dd>
            {delivery.cod && (
              <>
                <dt className="text-muted-foreground">{t('cod.column')}</dt>
                <dd>
                  <CodListValue delivery={delivery} />
                </dd>
              </>
            )}
          </dl>
          <PriceHoldNote delivery={delivery} />
          <FailedAttemptNote delivery={delivery} />
          <DeliveryActions delivery={delivery} />
        </li>
      ))}
    </ul>
  );
}
