import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Filter, Plus } from 'lucide-react';
import { LoadMore } from '@/web/components/load-more';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useDeliveries, type StatusFilter } from '../api/get-deliveries';
import { formatCalendarDate, formatDeliveryWindow, formatNaira } from '../lib/format';
import { viewUrlOf } from '../lib/urls';
import { CancelDeliveryButton } from './cancel-delivery-button';
import { DeliveryCardList } from './delivery-card-list';
import { LoadError, LoadingState } from './page-states';
import { PayNowLink } from './pay-now-link';
import { SelectField } from './select-field';
import { StatusBadge } from './status-badge';

const PAGE_SIZE = 10;
/** The spec's filter options. */
const FILTERS = ['all', 'pending', 'in_transit', 'delivered'] as const satisfies readonly StatusFilter[];

function parseFilter(value: string | null): StatusFilter {
  return (FILTERS as readonly string[]).includes(value ?? '') ? (value as StatusFilter) : 'all';
}

/** /dashboard/my-deliveries?status=&filters=1: filter and panel live in the URL; more rows load below (decision 049). */
export function MyDeliveriesPage() {
  const { t, i18n } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = parseFilter(searchParams.get('status'));
  const isFilterOpen = searchParams.get('filters') === '1' || status !== 'all';
  const query = useDeliveries({ status, limit: PAGE_SIZE });

  const update = (changes: Record<string, string | null>) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-2xl font-bold tracking-tight break-words">{t('deliveries.title')}</h2>
          <p className="text-muted-foreground">{t('deliveries.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            aria-expanded={isFilterOpen}
            aria-controls="deliveries-filters"
            onClick={() => update(isFilterOpen ? { filters: null, status: null } : { filters: '1' })}
          >
            <Filter aria-hidden="true" />
            {t('deliveries.filters')}
          </Button>
          <Link to="/dashboard/book-delivery" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {t('deliveries.newDelivery')}
          </Link>
        </div>
      </header>

      {isFilterOpen && (
        <div id="deliveries-filters" className="max-w-xs">
          <SelectField
            label={t('deliveries.statusFilter')}
            placeholder={t('deliveries.filter.all')}
            options={FILTERS.map((value) => ({ value, label: t(`deliveries.filter.${value}`) }))}
            value={status}
            onChange={(value) => update({ status: value === 'all' ? null : value, filters: '1' })}
          />
        </div>
      )}

      <Card className="min-w-0 gap-0 py-0">
        <CardContent className="min-w-0 px-0">
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <div className="p-4">
              <LoadError error={query.error} onRetry={() => void query.refetch()} />
            </div>
          ) : items.length === 0 ? (
            <div className="grid justify-items-center gap-3 px-4 py-12 text-center">
              <p className="font-semibold">{status === 'all' ? t('deliveries.empty.title') : t('deliveries.empty.filteredTitle')}</p>
              <p className="text-sm text-muted-foreground">{t('deliveries.empty.description')}</p>
              <Link to="/dashboard/book-delivery" className={buttonVariants({ size: 'sm' })}>
                {t('deliveries.newDelivery')}
              </Link>
            </div>
          ) : (
            // From md up; a phone gets the cards below instead.
            <Table className="hidden md:table" aria-label={t('deliveries.title')} aria-busy={query.isFetching}>
              <TableHeader>
                <TableRow>
                  <TableHead className="px-4">{t('deliveries.columns.id')}</TableHead>
                  <TableHead>{t('deliveries.columns.route')}</TableHead>
                  <TableHead>{t('deliveries.columns.date')}</TableHead>
                  <TableHead>{t('deliveries.columns.estimatedDelivery')}</TableHead>
                  <TableHead className="text-right">{t('deliveries.columns.amount')}</TableHead>
                  <TableHead>{t('deliveries.columns.status')}</TableHead>
                  <TableHead className="px-4 text-right">{t('deliveries.columns.actions')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.map((delivery) => (
                  <TableRow key={delivery.id}>
                    <TableCell className="px-4 font-medium">{delivery.id}</TableCell>
                    <TableCell className="max-w-[16rem] truncate" title={delivery.route}>
                      {delivery.route}
                    </TableCell>
                    <TableCell>{formatCalendarDate(delivery.date, i18n.language)}</TableCell>
                    <TableCell className="text-muted-foreground">
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
                    <TableCell>
                      <StatusBadge status={delivery.status} />
                    </TableCell>
                    <TableCell className="px-4 text-right">
                      <div className="flex justify-end gap-1">
                        <Link
                          to={viewUrlOf(delivery)}
                          className={buttonVariants({ variant: 'outline', size: 'sm' })}
                          aria-label={t('deliveries.viewLabel', { id: delivery.id })}
                        >
                          {t('deliveries.view')}
                        </Link>
                        <PayNowLink delivery={delivery} />
                        {delivery.canCancel && <CancelDeliveryButton delivery={delivery} />}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {query.isSuccess && items.length > 0 && <DeliveryCardList items={items} isBusy={query.isFetching} className="md:hidden" />}
        </CardContent>
      </Card>

      {query.isSuccess && (
        <LoadMore
          shown={items.length}
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </div>
  );
}
