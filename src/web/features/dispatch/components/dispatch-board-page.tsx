import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { DISPATCH_BOARD_FILTERS, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { apiErrorText } from '@/web/lib/api-client';
import { LoadMore } from '@/web/components/load-more';
import { useDispatchDeliveries } from '../api/get-dispatch-deliveries';
import { DispatchDeliveryCard } from './dispatch-delivery-card';

const isFilter = (value: string | null): value is DispatchBoardFilter =>
  (DISPATCH_BOARD_FILTERS as readonly (string | null)[]).includes(value);

/** /dashboard/operator/dispatch?status=…: the filter lives in the URL, so a reload or a shared link keeps it. */
export function DispatchBoardPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: DispatchBoardFilter = isFilter(requested) ? requested : 'unassigned';
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
        {board.isSuccess && (
          <LoadMore
            shown={items?.length ?? 0}
            hasMore={board.hasNextPage}
            isLoading={board.isFetchingNextPage}
            onLoadMore={() => void board.fetchNextPage()}
          />
        )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
