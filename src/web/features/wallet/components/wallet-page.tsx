import { useTranslation } from 'react-i18next';
import { Loader2, Wallet } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { apiErrorText } from '@/web/lib/api-client';
import { useWallet } from '../api/get-wallet';
import { useTopUpReturn } from '../hooks/use-top-up-return';
import { TopUpDialog } from './top-up-dialog';
import { TransactionsList } from './transactions-list';
import { WithdrawDialog } from './withdraw-dialog';

function Stat({ label, kobo }: { label: string; kobo: number | undefined }) {
  return (
    <Card className="min-w-0">
      <CardContent className="grid gap-1 px-4 sm:px-6">
        <p className="text-sm break-words text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere]">
          {kobo === undefined ? '—' : formatNaira(kobo)}
        </p>
      </CardContent>
    </Card>
  );
}

/** /dashboard/wallet: balance with Top Up and Withdraw, Quick Stats, Recent Transactions. */
export function WalletPage() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const { isVerifying } = useTopUpReturn();

  return (
    // One column of minmax(0, 1fr): a long line inside never widens the page past a 360 px screen.
    <div className="mx-auto grid w-full max-w-5xl min-w-0 grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight break-words">{t('wallet.title')}</h2>
        <p className="text-muted-foreground">{t('wallet.subtitle')}</p>
      </header>

      <Card className="min-w-0 bg-primary text-primary-foreground">
        <CardContent className="flex flex-wrap items-center justify-between gap-4 px-4 sm:px-6">
          <div className="grid min-w-0 gap-1">
            <p className="flex items-center gap-2 text-sm opacity-90">
              <Wallet className="size-4" aria-hidden="true" />
              {t('wallet.balance')}
            </p>
            {wallet.isError ? (
              <div role="alert" className="grid justify-items-start gap-2">
                <p>{apiErrorText(t, wallet.error)}</p>
                <Button variant="secondary" size="sm" onClick={() => void wallet.refetch()}>
                  {t('wallet.retry')}
                </Button>
              </div>
            ) : (
              <p
                className="text-3xl font-bold tabular-nums [overflow-wrap:anywhere]"
                data-testid="wallet-balance"
                aria-live="polite"
              >
                {wallet.data ? (
                  formatNaira(wallet.data.balance)
                ) : (
                  <Loader2 className="size-6 motion-safe:animate-spin" aria-label={t('wallet.loading')} />
                )}
              </p>
            )}
            {wallet.data && wallet.data.balance > wallet.data.withdrawableKobo && (
              <p className="max-w-prose text-sm break-words opacity-90" data-testid="wallet-test-money">
                {t('wallet.testMoney.balanceNote', {
                  testMoney: formatNaira(wallet.data.balance - wallet.data.withdrawableKobo),
                  withdrawable: formatNaira(Math.max(0, wallet.data.withdrawableKobo)),
                })}
              </p>
            )}
            {isVerifying && (
              <p role="status" className="text-sm opacity-90">
                {t('wallet.topUp.verifying')}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2 [&_button]:bg-background [&_button]:text-foreground">
            <TopUpDialog />
            <WithdrawDialog
              balanceKobo={wallet.data?.balance ?? 0}
              withdrawableKobo={wallet.data?.withdrawableKobo ?? 0}
            />
          </div>
        </CardContent>
      </Card>

      <section aria-labelledby="wallet-stats-title" className="grid min-w-0 grid-cols-1 gap-3">
        <h3 id="wallet-stats-title" className="text-lg font-semibold">
          {t('wallet.stats.title')}
        </h3>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat label={t('wallet.stats.thisMonth')} kobo={wallet.data?.thisMonthSpentKobo} />
          <Stat label={t('wallet.stats.lastMonth')} kobo={wallet.data?.lastMonthSpentKobo} />
          <Stat label={t('wallet.stats.average')} kobo={wallet.data?.monthlyAverageSpentKobo} />
        </div>
      </section>

      <TransactionsList />
    </div>
  );
}
