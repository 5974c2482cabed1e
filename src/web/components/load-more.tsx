import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

interface LoadMoreProps {
  /** From useInfiniteQuery: another page follows the ones shown. */
  hasMore: boolean;
  isLoading: boolean;
  onLoadMore: () => void;
  /** How many rows are on screen (said to screen readers as the list grows). */
  shown: number;
  className?: string;
}

/**
 * The foot of a keyset list (decision 049): how many rows are shown and, while more follow, a button for the next
 * page. There are no page numbers: a list never counts its whole history.
 */
export function LoadMore({ hasMore, isLoading, onLoadMore, shown, className }: LoadMoreProps) {
  const { t } = useTranslation();
  if (shown === 0) return null;
  return (
    <div className={['flex flex-wrap items-center justify-between gap-3', className].filter(Boolean).join(' ')}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('common.list.shown', { count: shown })}
      </p>
      {hasMore && (
        <Button variant="outline" size="sm" disabled={isLoading} onClick={onLoadMore}>
          {isLoading && <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />}
          {isLoading ? t('common.list.loadingMore') : t('common.list.loadMore')}
        </Button>
      )}
    </div>
  );
}

/** What QueryLoadMore reads of a useInfiniteQuery result. */
export interface PagedQuery {
  isSuccess: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** LoadMore wired to an infinite query: shown once the first page has arrived, asking for the next on click. */
export function QueryLoadMore({ query, shown, className }: { query: PagedQuery; shown: number; className?: string }) {
  if (!query.isSuccess) return null;
  return (
    <LoadMore
      className={className}
      shown={shown}
      hasMore={query.hasNextPage}
      isLoading={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
    />
  );
}
