import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { DISPATCH_BOARD_FILTERS, type DispatchBoardFilter } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { apiErrorText } from '@/web/lib/api-client';
import { DISPATCH_PAGE_SIZE, useDispatchDeliveries } from '../api/get-dispatch-deliveries';
import { DispatchDeliveryCard } from './dispatch-delivery-card';

const isFilter = (value: string | null): value is DispatchBoardFilter =>
  (DISPATCH_BOARD_FILTERS as readonly (string | null)[]).includes(value);

/** /dashboard/operator/dispatch?status=…: the filter lives in the URL, so a reload or a shared link keeps it. */
export function DispatchBoardPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('status');
  const status: DispatchBoardFilter = isFilter(requested) ? requested : 'unassigned';
  const [page, setPage] = useState(1);
  const board = useDispatchDeliveries({ status, page });
  const pageCount = board.data ? Math.max(1, Math.ceil(board.data.total / DISPATCH_PAGE_SIZE)) : 1;

  const handleFilterChange = (value: string) => {
    if (!isFilter(value)) return;
    setPage(1);
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
        {board.data && board.data.items.length === 0 && (
          <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t(`dispatch.empty.${status}`)}</p>
        )}
        {board.data && board.data.items.length > 0 && (
          <ul className="grid min-w-0 gap-4">
            {board.data.items.map((delivery) => (
              <li key={delivery.id} className="min-w-0">
                <DispatchDeliveryCard delivery={delivery} />
              </li>
            ))}
          </ul>
        )}
        {pageCount > 1 && (
          <nav aria-label={t('dispatch.pagination.label')} className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('dispatch.pagination.previous')}
            </Button>
            <p className="text-sm text-muted-foreground">{t('dispatch.pagination.page', { page, pages: pageCount })}</p>
            <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => setPage((p) => p + 1)}>
              {t('dispatch.pagination.next')}
            </Button>
          </nav>
        )}
        </TabsContent>
      </Tabs>
    </div>
  );
}
