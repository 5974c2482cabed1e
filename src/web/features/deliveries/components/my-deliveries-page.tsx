import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Filter, Plus, X } from 'lucide-react';
import { parseDeliveryMode, type DeliveryMode } from '@/shared/schemas/deliveries';
import { QueryLoadMore } from '@/web/components/load-more';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { SearchBox } from '@/web/components/search-box';
import { DateRangeFilter, dayParam } from '@/web/components/date-range-filter';
import type { DateRange } from '@/shared/schemas/date-range';
import { KIND_FILTERS, useDeliveries, type KindFilter, type StatusFilter } from '../api/get-deliveries';
import { deliveriesExportUrl, useDeliverySearch, type SearchFilters } from '../api/search-deliveries';
import { useTestModeAvailability } from '../api/get-test-mode';
import { DeliveryTable } from './delivery-table';
import { LoadError, LoadingState, Notice } from './page-states';
import { SelectField } from './select-field';

const PAGE_SIZE = 10;
/** The spec's four filter options, and the two ends a merchant reconciles: parcels brought back, bookings cancelled. */
const FILTERS = ['all', 'pending', 'in_transit', 'delivered', 'returned', 'cancelled'] as const satisfies readonly StatusFilter[];
const SEARCH_MAX = 60;

function parseFilter(value: string | null): StatusFilter {
  return (FILTERS as readonly string[]).includes(value ?? '') ? (value as StatusFilter) : 'all';
}

function parseKind(value: string | null): KindFilter {
  return (KIND_FILTERS as readonly string[]).includes(value ?? '') ? (value as KindFilter) : 'all';
}

/**
 * /dashboard/my-deliveries?mode=&status=&filters=1&q=: mode, filter, panel and search live in the URL; more rows load
 * below (decision 049). A search (by id, tracking id, receiver name or phone) shows its matches instead of the pages.
 * Live deliveries unless `mode=test` (decision 079): then only those booked with a test API key, under a notice.
 */
export function MyDeliveriesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = parseDeliveryMode(searchParams.get('mode'));
  const isTest = mode === 'test';
  const testMode = useTestModeAvailability();
  // Offered to accounts that use the API; whoever is in test mode can always leave it.
  const showModeSwitch = isTest || testMode.data?.available === true;
  const status = parseFilter(searchParams.get('status'));
  const kind = parseKind(searchParams.get('kind'));
  const q = (searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const isFilterOpen = searchParams.get('filters') === '1' || status !== 'all' || kind !== 'all';
  // The date range (decision 057): it narrows the pages, a search and the export.
  const range: DateRange = { from: dayParam(searchParams.get('from')), to: dayParam(searchParams.get('to')) };
  const filters: SearchFilters = { mode, ...range };

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

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-1 gap-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-2xl font-bold tracking-tight break-words">{t('deliveries.title')}</h2>
          <p className="text-muted-foreground">{t('deliveries.subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {showModeSwitch && (
            <div className="flex items-center gap-2 rounded-md border border-border px-3 py-1.5" data-testid="test-mode-switch">
              <Switch id="deliveries-test-mode" checked={isTest} onCheckedChange={(checked) => update({ mode: checked ? 'test' : null })} />
              <Label htmlFor="deliveries-test-mode">{t('deliveries.testMode.switch')}</Label>
            </div>
          )}
          <Button
            variant="outline"
            aria-expanded={isFilterOpen}
            aria-controls="deliveries-filters"
            onClick={() => update(isFilterOpen ? { filters: null, status: null, kind: null } : { filters: '1' })}
          >
            <Filter aria-hidden="true" />
            {t('deliveries.filters')}
          </Button>
          <a href={deliveriesExportUrl({ status, kind, ...filters })} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" />
            {t('deliveries.export')}
          </a>
          <Link to="/dashboard/book-delivery" className={buttonVariants()}>
            <Plus aria-hidden="true" />
            {t('deliveries.newDelivery')}
          </Link>
        </div>
      </header>

      {isTest && (
        <Notice title={t('deliveries.testMode.noticeTitle')} tone="warning" role="status">
          <p>{t('deliveries.testMode.noticeBody')}</p>
        </Notice>
      )}

      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          key={q}
          id="deliveries-search"
          label={t('deliveries.search.label')}
          placeholder={t('deliveries.search.placeholder')}
          submitLabel={t('deliveries.search.submit')}
          initial={q}
          maxLength={SEARCH_MAX}
          onSearch={(value) => update({ q: value || null })}
        />
        {isFilterOpen && !q && (
          <div id="deliveries-filters" className="grid w-full grid-cols-1 gap-4 sm:w-auto sm:grid-cols-[repeat(2,minmax(0,16rem))]">
            <SelectField
              label={t('deliveries.statusFilter')}
              placeholder={t('deliveries.filter.all')}
              options={FILTERS.map((value) => ({ value, label: t(`deliveries.filter.${value}`) }))}
              value={status}
              onChange={(value) => update({ status: value === 'all' ? null : value, filters: '1' })}
            />
            <SelectField
              label={t('cod.filter.label')}
              placeholder={t('cod.filter.all')}
              options={KIND_FILTERS.map((value) => ({ value, label: t(`cod.filter.${value}`) }))}
              value={kind}
              onChange={(value) => update({ kind: value === 'all' ? null : value, filters: '1' })}
            />
          </div>
        )}
      </div>

      <DateRangeFilter
        key={`${range.from ?? ''}:${range.to ?? ''}`}
        id="deliveries-dates"
        applied={range}
        onApply={(next) => update({ from: next.from ?? null, to: next.to ?? null })}
      />

      {q ? (
        <SearchResults q={q} filters={filters} onClear={() => update({ q: null })} />
      ) : (
        <DeliveryPages mode={mode} status={status} kind={kind} range={range} />
      )}
    </div>
  );
}

function SearchResults({ q, filters, onClear }: { q: string; filters: SearchFilters; onClear: () => void }) {
  const { t } = useTranslation();
  const search = useDeliverySearch(q, filters);
  const items = search.data?.items ?? [];
  return (
    <section aria-labelledby="deliveries-search-title" className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="deliveries-search-title" className="font-semibold break-words" aria-live="polite">
          {search.isSuccess ? t('deliveries.search.results', { count: items.length, q }) : t('deliveries.search.searching', { q })}
        </h3>
        <Button variant="ghost" size="sm" onClick={onClear}>
          <X aria-hidden="true" />
          {t('deliveries.search.clear')}
        </Button>
      </div>
      <Card className="min-w-0 gap-0 py-0">
        <CardContent className="min-w-0 px-0">
          {search.isPending ? (
            <LoadingState />
          ) : search.isError ? (
            <div className="p-4">
              <LoadError error={search.error} onRetry={() => void search.refetch()} />
            </div>
          ) : items.length === 0 ? (
            <p className="px-4 py-12 text-center text-sm text-muted-foreground">{t('deliveries.search.empty')}</p>
          ) : (
            <DeliveryTable items={items} isBusy={search.isFetching} label={t('deliveries.search.tableLabel', { q })} />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function DeliveryPages({ mode, status, kind, range }: { mode: DeliveryMode; status: StatusFilter; kind: KindFilter; range: DateRange }) {
  const { t } = useTranslation();
  const query = useDeliveries({ mode, status, limit: PAGE_SIZE, ...(kind === 'all' ? {} : { kind }), ...range });
  const isFiltered = status !== 'all' || kind !== 'all' || Boolean(range.from || range.to);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <>
      <Card className="min-w-0 gap-0 py-0">
        <CardContent className="min-w-0 px-0">
          {query.isPending ? (
            <LoadingState />
          ) : query.isError ? (
            <div className="p-4">
              <LoadError error={query.error} onRetry={() => void query.refetch()} />
            </div>
          ) : items.length === 0 && mode === 'test' && !isFiltered ? (
            <div className="grid justify-items-center gap-3 px-4 py-12 text-center">
              <p className="font-semibold">{t('deliveries.testMode.emptyTitle')}</p>
              <p className="text-sm text-muted-foreground">{t('deliveries.testMode.emptyDescription')}</p>
              <Link to="/dashboard/developers" className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                {t('deliveries.testMode.developers')}
              </Link>
            </div>
          ) : items.length === 0 ? (
            <div className="grid justify-items-center gap-3 px-4 py-12 text-center">
              <p className="font-semibold">
                {status !== 'all'
                  ? t('deliveries.empty.filteredTitle')
                  : range.from || range.to
                    ? t('deliveries.empty.rangeTitle')
                    : kind !== 'all'
                      ? t('cod.filter.empty')
                      : t('deliveries.empty.title')}
              </p>
              <p className="text-sm text-muted-foreground">{t('deliveries.empty.description')}</p>
              <Link to="/dashboard/book-delivery" className={buttonVariants({ size: 'sm' })}>
                {t('deliveries.newDelivery')}
              </Link>
            </div>
          ) : (
            <DeliveryTable items={items} isBusy={query.isFetching} label={mode === 'test' ? t('deliveries.testMode.switch') : t('deliveries.title')} />
          )}
        </CardContent>
      </Card>

      <QueryLoadMore query={query} shown={items.length} />
    </>
  );
}
