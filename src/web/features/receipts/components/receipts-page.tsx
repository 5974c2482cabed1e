import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader2, ReceiptText } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { QueryLoadMore } from '@/web/components/load-more';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { apiErrorText } from '@/web/lib/api-client';
import { useReceipts } from '../api/receipts';
import { formatDateTime } from '@/web/lib/lagos-time';


/** /dashboard/receipts: every numbered receipt of the account, newest first (decision 057). */
export function ReceiptsPage() {
  const { t, i18n } = useTranslation();
  const query = useReceipts();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight break-words">{t('receipts.listTitle')}</h2>
        <p className="text-muted-foreground">{t('receipts.listSubtitle')}</p>
      </header>
      {query.isPending && (
        <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
          <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
          {t('receipts.loading')}
        </p>
      )}
      {query.isError && (
        <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4">
          <p>{apiErrorText(t, query.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('dispatch.retry')}
          </Button>
        </div>
      )}
      {query.isSuccess && items.length === 0 && <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t('receipts.empty')}</p>}
      {items.length > 0 && (
        <Card className="min-w-0 gap-0 py-0">
          <CardContent className="min-w-0 px-0">
            <ul className="divide-y" aria-label={t('receipts.listTitle')}>
              {items.map((receipt) => (
                <li key={receipt.id} className="min-w-0">
                  <Link
                    to={`/dashboard/receipts/${receipt.id}`}
                    aria-label={t('receipts.view', { number: receipt.number })}
                    className="flex min-w-0 flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3 hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="flex min-w-0 items-center gap-3">
                      <ReceiptText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                      <span className="grid min-w-0">
                        <span className="font-medium user-text">
                          {receipt.number} · {t(`receipts.kinds.${receipt.kind}`)}
                          {receipt.deliveryId ? ` · ${receipt.deliveryId}` : ''}
                        </span>
                        <span className="text-sm text-muted-foreground">{formatDateTime(receipt.createdAt, i18n.language)}</span>
                      </span>
                    </span>
                    <span className="font-semibold tabular-nums">{formatNaira(receipt.amountKobo)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <QueryLoadMore query={query} shown={items.length} />
    </div>
  );
}
