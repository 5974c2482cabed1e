import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Download, Loader2, X } from 'lucide-react';
import { SearchBox } from '@/web/components/search-box';
import { DateRangeFilter, dayParam } from '@/web/components/date-range-filter';
import { BOARD_DATE_OF, DISPATCH_BOARD_FILTERS, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import type { DateRange } from '@/shared/schemas/date-range';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { apiErrorText } from '@/web/lib/api-client';
import { QueryLoadMore } from '@/web/components/load-more';
import { useDispatchDeliveries } from '../api/get-dispatch-deliveries';
import { boardExportUrl, useDispatchSearch } from '../api/search-dispatch-deliveries';
import { BoardDriverFilter } from './board-driver-filter';
import { DispatchDeliveryCard } from './dispatch-delivery-card';
import { OperatorSummary } from './operator-summary';

const SEARCH_MAX = 60;

const isFilter = (value: string | null): value is DispatchBoardFilter =>
  (DISPATCH_BOARD_FILTERS as readonly (string | null)[]).includes(value);

/**
 * /dashboard/operator/dispatch?status=&driver=&q=&from=&to=, the operator's home: what waits for them (decision 060),
 * then the board. The tab, the Active tab's driver (decision 088), search and date range live in the URL, so a reload
 * or a shared link keeps them; the export takes the same (decision 057).
 */
export function DispatchBoardPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: DispatchBoardFilter = isFilter(requested) ? requested : 'unassigned';
  const q = (searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const range: DateRange = { from: dayParam(searchParams.get('from')), to: dayParam(searchParams.get('to')) };
  // Only the Active tab is filtered by driver.
  const driverId = (status === 'active' && searchParams.get('driver')) || undefined;
  const board = useDispatchDeliveries({ status, driverId, ...range });
  const items = board.data?.pages.flatMap((page) => page.items);

  /** Changes some of the URL's parameters, keeping the others. */
  const update = (changes: Record<string, string | null>) =>
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

  const handleFilterChange = (value: string) => {
    if (!isFilter(value)) return;
    update({ status: value === 'unassigned' ? null : value, driver: null });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-2xl font-bold tracking-tight break-words">{t('dispatch.title')}</h2>
          <p className="text-muted-foreground">{t('dispatch.subtitle')}</p>
        </div>
        <a href={boardExportUrl({ status, driverId, q, ...range })} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden="true" />
          {t('dispatch.export.button')}
        </a>
      </header>
      <OperatorSummary />

      <SearchBox
        key={q}
        id="dispatch-search"
        label={t('dispatch.search.label')}
        placeholder={t('deliveries.search.placeholder')}
        submitLabel={t('deliveries.search.submit')}
        initial={q}
        maxLength={SEARCH_MAX}
        onSearch={(value) => update({ q: value || null })}
      />
      <DateRangeFilter
        key={`${range.from ?? ''}:${range.to ?? ''}`}
        id="dispatch-dates"
        applied={range}
        hint={t(`dispatch.dateBasis.${BOARD_DATE_OF[status]}`)}
        onApply={(next) => update({ from: next.from ?? null, to: next.to ?? null })}
      />
      {q && (
        <BoardSearchResults
          q={q}
          status={status}
          filters={{ ...range, driverId }}
          onClear={() => update({ q: null })}
          onSearchAll={() => update({ status: 'all', driver: null })}
        />
      )}

      <Tabs value={status} onValueChange={handleFilterChange} className="min-w-0">
        {/* Five tabs do not fit 360 px: the row scrolls sideways instead of squeezing the labels. */}
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={t('dispatch.filterLabel')}>
            {DISPATCH_BOARD_FILTERS.map((filter) => (
              <TabsTrigger key={filter} value={filter}>
                {t(`dispatch.filters.${filter}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>

        <TabsContent value={status} aria-busy={board.isFetching} className="grid min-w-0 gap-4">
        {status === 'active' && <BoardDriverFilter driverId={driverId} onChange={(driver) => update({ driver })} />}
        {board.isPending && (
          <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
            <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
            {t('dispatch.loading')}
          </p>
        )}
        {board.isError && (
          <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4">
            <p>{apiErrorText(t, board.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void board.refetch()}>
              {t('dispatch.retry')}
            </Button>
          </div>
        )}
        {items && items.length === 0 && (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
            {driverId ? t('dispatch.driverFilter.empty') : t(`dispatch.empty.${status}`)}
          </p>
        )}
        {items && items.length > 0 && (
          <ul className="grid min-w-0 gap-4">
            {items.map((delivery) => (
              <li key={delivery.id} className="min-w-0">
                <DispatchDeliveryCard delivery={delivery} />
              </li>
            ))}
          </ul>
        )}
        <QueryLoadMore query={board} shown={items?.length ?? 0} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/**
 * The board's search results: the paid delivery with that id or tracking id (any tab), or those of the tab and dates
 * whose receiver's name or phone matches, as cards; or why none, and, from a tab, the way to look in all of them (a
 * dispatcher with a customer on the phone must not conclude that a delivery does not exist).
 */
function BoardSearchResults({
  q,
  status,
  filters,
  onClear,
  onSearchAll,
}: {
  q: string;
  status: DispatchBoardFilter;
  filters: DateRange & { driverId?: string };
  onClear: () => void;
  onSearchAll: () => void;
}) {
  const { t } = useTranslation();
  const search = useDispatchSearch(q, status, filters);
  return (
    <section aria-labelledby="dispatch-search-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="dispatch-search-title" className="font-semibold break-words" aria-live="polite">
          {search.isSuccess ? t('deliveries.search.results', { count: search.data.items.length, q }) : t('deliveries.search.searching', { q })}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" />
          {t('deliveries.search.clear')}
        </Button>
      </div>
      {search.isError && (
        <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4">
          <p>{apiErrorText(t, search.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void search.refetch()}>
            {t('dispatch.retry')}
          </Button>
        </div>
      )}
      {search.isSuccess && search.data.items.length === 0 && (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          <p>{status === 'all' ? t('deliveries.search.empty') : t('dispatch.search.emptyInTab', { tab: t(`dispatch.filters.${status}`) })}</p>
          {status !== 'all' && (
            <Button variant="outline" size="sm" onClick={onSearchAll}>
              {t('dispatch.search.everyTab')}
            </Button>
          )}
        </div>
      )}
      {search.isSuccess && search.data.items.length > 0 && (
        <ul className="grid min-w-0 gap-4" aria-label={t('deliveries.search.tableLabel', { q })}>
          {search.data.items.map((delivery) => (
            <li key={delivery.id} className="min-w-0">
              <DispatchDeliveryCard delivery={delivery} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
