import { useTranslation } from 'react-i18next';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatCalendarDate, formatDeliveryWindow, formatNaira } from '../lib/format';
import { CodListValue } from './cod-terms';
import { DeliveryActions } from './delivery-actions';
import { DeliveryCardList } from './delivery-card-list';
import { PriceHoldNote } from './price-hold-note';
import { FailedAttemptNote } from './failed-attempt-note';
import { StatusBadge } from './status-badge';
import { TestBadge } from './test-badge';

/**
 * Listed deliveries: a table from `xl` up, cards below (docs/decisions/048). Beside the menu the table has under
 * 1,000 px at 1280, so its cells wrap (long place names, long headers, the buttons) rather than push Status and the
 * buttons out of sight; narrower screens get the cards. My Deliveries' pages and its search results show the same rows.
 */
export function DeliveryTable({ items, isBusy, label }: { items: readonly DeliveryListItem[]; isBusy: boolean; label: string }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Table className="hidden xl:table" aria-label={label} aria-busy={isBusy}>
        <TableHeader className="[&_th]:whitespace-normal">
          <TableRow>
            <TableHead className="px-4">{t('deliveries.columns.id')}</TableHead>
            <TableHead>{t('deliveries.columns.route')}</TableHead>
            <TableHead>{t('deliveries.columns.date')}</TableHead>
            <TableHead>{t('deliveries.columns.estimatedDelivery')}</TableHead>
            <TableHead className="text-right">{t('deliveries.columns.amount')}</TableHead>
            <TableHead>{t('cod.column')}</TableHead>
            <TableHead>{t('deliveries.columns.status')}</TableHead>
            <TableHead className="px-4 text-right">{t('deliveries.columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((delivery) => (
            <TableRow key={delivery.id}>
              <TableCell className="px-4 font-medium">
                <span className="flex flex-wrap items-center gap-1.5">
                  {delivery.id}
                  <TestBadge livemode={delivery.livemode} />
                </span>
              </TableCell>
              <TableCell className="whitespace-normal break-words">{delivery.route}</TableCell>
              <TableCell>{formatCalendarDate(delivery.date, i18n.language)}</TableCell>
              <TableCell className="whitespace-normal text-muted-foreground">
                {delivery.estimatedDelivery && delivery.displayStatus !== 'delivered' ? (
                  formatDeliveryWindow(delivery.estimatedDelivery, i18n.language, t)
                ) : (
                  <>
                    <span aria-hidden="true">–</span>
                    <span className="sr-only">{t('deliveries.noEstimate')}</span>
                  </>
                )}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatNaira(delivery.price.total)}</TableCell>
              <TableCell className="whitespace-normal">
                <CodListValue delivery={delivery} />
              </TableCell>
              <TableCell className="whitespace-normal">
                <StatusBadge status={delivery.status} />
                <PriceHoldNote delivery={delivery} className="mt-1" />
                <FailedAttemptNote delivery={delivery} className="mt-1" />
              </TableCell>
              <TableCell className="px-4 text-right whitespace-normal">
                <DeliveryActions delivery={delivery} className="justify-end gap-1" />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DeliveryCardList items={items} isBusy={isBusy} className="xl:hidden" />
    </>
  );
}
