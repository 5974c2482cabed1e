import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loader2, ReceiptText, Wallet } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { showsPayOnDeliveryMoney } from '@/shared/schemas/deliveries';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { apiErrorText } from '@/web/lib/api-client';
import { useCodSummary } from '../api/get-cod-summary';
import { useWallet } from '../api/get-wallet';
import { useTopUpReturn } from '../hooks/use-top-up-return';
import { TopUpDialog } from './top-up-dialog';
import { TransactionsList } from './transactions-list';
import { WithdrawDialog } from './withdraw-dialog';

function Stat({ label, kobo, testId, children }: { label: string; kobo: number | undefined; testId?: string; children?: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardContent className="grid gap-1 px-4 sm:px-6">
        <p className="text-sm break-words text-muted-foreground">{label}</p>
        <p className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere]" data-testid={testId}>
          {kobo === undefined ? '—' : formatNaira(kobo)}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Pay on delivery (decision 053): what receivers paid that reached the wallet on hand-over, what they paid that waits
 * for its hand-over, and what the user owes (a return fee the balance did not cover), only when there is some. Only
 * for accounts it concerns (showsPayOnDeliveryMoney, decision 086); a failed read still says so.
 */
function PayOnDeliveryStats({ owedKobo }: { owedKobo: number | undefined }) {
  const { t } = useTranslation();
  const summary = useCodSummary();
  const isOwing = owedKobo !== undefined && owedKobo > 0;
  if (!summary.isError && (!summary.data || !showsPayOnDeliveryMoney(summary.data, owedKobo ?? 0))) return null;
  return (
    <section aria-labelledby="wallet-cod-title" className="grid min-w-0 grid-cols-1 gap-3">
      <h3 id="wallet-cod-title" className="text-lg font-semibold">
        {t('cod.wallet.title')}
      </h3>
      {summary.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <p>{apiErrorText(t, summary.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
            {t('wallet.retry')}
          </Button>
        </div>
      )}
      <div className={isOwing ? 'grid grid-cols-1 gap-3 sm:grid-cols-3' : 'grid grid-cols-1 gap-3 sm:grid-cols-2'}>
        <Stat label={t('cod.wallet.collected')} kobo={summary.data?.collectedKobo} testId="cod-collected" />
        <Stat label={t('cod.wallet.awaiting')} kobo={summary.data?.awaitingKobo} testId="cod-awaiting" />
        {isOwing && (
          <Stat label={t('cod.wallet.owed')} kobo={owedKobo} testId="wallet-owed">
            <p className="text-sm break-words text-muted-foreground">{t('cod.wallet.owedNote', { amount: formatNaira(owedKobo) })}</p>
          </Stat>
        )}
      </div>
    </section>
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
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 className="text-2xl font-bold tracking-tight break-words">{t('wallet.title')}</h2>
          <p className="text-muted-foreground">{t('wallet.subtitle')}</p>
        </div>
        {/* Numbered receipts of every payment, top-up, withdrawal and refund (decision 057). */}
        <Link to="/dashboard/receipts" className={buttonVariants({ variant: 'outline' })}>
          <ReceiptText aria-hidden="true" />
          {t('receipts.walletLink')}
        </Link>
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

      <PayOnDeliveryStats owedKobo={wallet.data?.owedKobo} />

      <TransactionsList />
    </div>
  );
}
