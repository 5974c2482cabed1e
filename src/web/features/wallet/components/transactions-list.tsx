import { useTranslation } from 'react-i18next';
import { ArrowDownLeft, ArrowUpRight, Loader2 } from 'lucide-react';
import { QueryLoadMore } from '@/web/components/load-more';
import { formatNaira } from '@/shared/money';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import type { WalletTransaction } from '@/shared/schemas/wallet-money';
import { useWalletTransactions } from '../api/get-wallet-transactions';
import { formatDateTime } from '@/web/lib/lagos-time';

const PAGE_SIZE = 10;


/** Money in shows with a plus, money out with a minus; naira with thousands separators either way. */
export function signedNaira(kobo: number) {
  return kobo < 0 ? `−${formatNaira(-kobo)}` : `+${formatNaira(kobo)}`;
}

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const { t, i18n } = useTranslation();
  const isOut = transaction.amountKobo < 0;
  const description = i18n.exists(transaction.descriptionKey)
    ? t(transaction.descriptionKey, transaction.params)
    : t(`wallet.transactions.types.${transaction.type}`, { defaultValue: t('wallet.transactions.types.other') });
  const Icon = isOut ? ArrowUpRight : ArrowDownLeft;
  // A grid rather than a row: on a phone the description takes the whole width beside the icon and wraps, and the
  // amount sits under it at the right; from `sm` up the amount stands beside both lines.
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 py-3">
      <span
        aria-hidden="true"
        className={cn(
          'row-span-2 flex size-9 shrink-0 items-center justify-center self-start rounded-full',
          isOut
            ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300'
            : 'bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300',
        )}
      >
        <Icon className="size-4" />
      </span>
      <p className="col-span-2 col-start-2 text-sm font-medium user-text sm:col-span-1">{description}</p>
      <p className="col-start-2 row-start-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span>{formatDateTime(transaction.date, i18n.language)}</span>
        {transaction.status && (
          <Badge variant="outline">
            {t(`wallet.transactions.status.${transaction.status}`, { defaultValue: transaction.status })}
          </Badge>
        )}
        {transaction.transferReference && (
          // To find the transfer on the bank statement (decision 089).
          <span className="break-all" data-testid="transaction-transfer-reference">
            {t('wallet.transactions.transferReference', { reference: transaction.transferReference })}
          </span>
        )}
      </p>
      <p
        className={cn(
          'col-start-3 row-start-2 justify-self-end text-right text-sm font-semibold whitespace-nowrap tabular-nums sm:row-span-2 sm:row-start-1',
          isOut ? 'text-red-700 dark:text-red-300' : 'text-green-700 dark:text-green-300',
        )}
        data-testid="transaction-amount"
      >
        {signedNaira(transaction.amountKobo)}
      </p>
    </li>
  );
}

/** Recent Transactions: the wallet's ledger, newest first, more below on request (decision 049). */
export function TransactionsList() {
  const { t } = useTranslation();
  const query = useWalletTransactions({ limit: PAGE_SIZE });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h3 className="text-lg font-semibold break-words">{t('wallet.transactions.title')}</h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {query.isPending ? (
          <p role="status" className="flex items-center gap-2 py-6 text-muted-foreground">
            <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            {t('wallet.loading')}
          </p>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 py-4">
            <p>{t('wallet.transactions.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t('wallet.retry')}
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{t('wallet.transactions.empty')}</p>
        ) : (
          <ul
            className="divide-y divide-border"
            aria-label={t('wallet.transactions.title')}
            data-testid="wallet-transactions"
          >
            {items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
        <QueryLoadMore query={query} shown={items.length} className="mt-4" />
      </CardContent>
    </Card>
  );
}
