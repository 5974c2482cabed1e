import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loader2, X } from 'lucide-react';
import { SearchBox } from '@/web/components/search-box';
import { DISPATCH_BOARD_FILTERS, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { apiErrorText } from '@/web/lib/api-client';
import { QueryLoadMore } from '@/web/components/load-more';
import { useDispatchDeliveries } from '../api/get-dispatch-deliveries';
import { useDispatchSearch } from '../api/search-dispatch-deliveries';
import { DispatchDeliveryCard } from './dispatch-delivery-card';

const SEARCH_MAX = 40;

const isFilter = (value: string | null): value is DispatchBoardFilter =>
  (DISPATCH_BOARD_FILTERS as readonly (string | null)[]).includes(value);

/** /dashboard/operator/dispatch?status=…: the filter lives in the URL, so a reload or a shared link keeps it. */
export function DispatchBoardPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: DispatchBoardFilter = isFilter(requested) ? requested : 'unassigned';
  const q = (searchParams.get('q') ?? '').trim().slice(0, SEARCH_MAX);
  const board = useDispatchDeliveries({ status });
  const items = board.data?.pages.flatMap((page) => page.items);

  const handleFilterChange = (value: string) => {
    if (!isFilter(value)) return;
    setSearchParams(value === 'unassigned' ? {} : { status: value }, { replace: true });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('dispatch.title')}</h2>
        <p className="text-muted-foreground">{t('dispatch.subtitle')}</p>
      </header>

      <SearchBox
        key={q}
        id="dispatch-search"
        label={t('dispatch.search.label')}
        placeholder={t('dispatch.search.placeholder')}
        submitLabel={t('deliveries.search.submit')}
        initial={q}
        maxLength={SEARCH_MAX}
        onSearch={(value) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value) next.set('q', value);
              else next.delete('q');
              return next;
            },
            { replace: true },
          )
        }
      />
      {q && (
        <BoardSearchResults
          q={q}
          onClear={() =>
            setSearchParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('q');
                return next;
              },
              { replace: true },
            )
          }
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
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t(`dispatch.empty.${status}`)}</p>
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

/** The board's search result: the one paid delivery with that id or tracking id, as its card, or why none. */
function BoardSearchResults({ q, onClear }: { q: string; onClear: () => void }) {
  const { t } = useTranslation();
  const search = useDispatchSearch(q);
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
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{t('dispatch.search.empty')}</p>
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
