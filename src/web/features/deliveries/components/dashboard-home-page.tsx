import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, Package, Plus, Truck, Wallet, Banknote } from 'lucide-react';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardAction, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { useUserProfileQuery } from '@/web/lib/user-profile';
import { firstNameOf, formatNaira } from '../lib/format';
import { viewUrlOf } from '../lib/urls';
import { LoadError, LoadingState } from './page-states';
import { PayNowLink } from './pay-now-link';
import { PriceHoldNote } from './price-hold-note';
import { FailedAttemptNote } from './failed-attempt-note';
import { StatusBadge } from './status-badge';
import { TestBadge } from './test-badge';

/** The spec shows the first three deliveries; the server returns at most that many. */
const RECENT_COUNT = 3;

export function DashboardHomePage() {
  const { t } = useTranslation();
  const profile = useUserProfileQuery();
  const summary = useDashboardSummary();
  const firstName = firstNameOf(profile.data?.name);

  const stats: { key: string; icon: ComponentType<{ className?: string }>; value: string | undefined; tone: string }[] = [
    { key: 'activeDeliveries', icon: Truck, value: summary.data && String(summary.data.activeDeliveries), tone: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300' },
    { key: 'totalDelivered', icon: CircleCheck, value: summary.data && String(summary.data.totalDelivered), tone: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300' },
    { key: 'walletBalance', icon: Wallet, value: summary.data && formatNaira(summary.data.walletBalance), tone: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300' },
    { key: 'totalSpent', icon: Banknote, value: summary.data && formatNaira(summary.data.totalSpent), tone: 'bg-purple-100 text-purple-800 dark:bg-purple-950 dark:text-purple-300' },
  ];

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6">
      <section className="flex flex-col gap-4 rounded-xl bg-primary p-6 text-primary-foreground sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 className="text-2xl font-bold tracking-tight break-words">
            {firstName ? t('home.welcome', { name: firstName }) : t('home.welcomeAnonymous')}
          </h2>
          <p className="text-sm font-semibold tracking-wide opacity-90">{t('home.tagline')}</p>
        </div>
        <Link to="/dashboard/book-delivery" className={buttonVariants({ variant: 'secondary', size: 'lg' })}>
          <Plus aria-hidden="true" />
          {t('home.bookDelivery')}
        </Link>
      </section>

      {summary.isError ? (
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy={summary.isPending}>
          {stats.map(({ key, icon: Icon, value, tone }) => (
            <li key={key}>
              <Card className="h-full gap-3 py-5">
                {/* The figure has the card's whole width under its icon and label: four cards beside the menu at 1280 px
                    leave too little beside the icon for ₦10,000,000.00, and an amount is never cut short. */}
                <CardContent className="grid min-w-0 gap-2 px-5">
                  <div className="flex min-w-0 items-center gap-3">
                    <span className={`flex size-11 shrink-0 items-center justify-center rounded-lg ${tone}`} aria-hidden="true">
                      <Icon className="size-5" />
                    </span>
                    <p className="min-w-0 text-sm break-words text-muted-foreground">{t(`home.stats.${key}`)}</p>
                  </div>
                  <p className="text-xl font-bold wrap-anywhere tabular-nums" data-testid={`stat-${key}`}>
                    {value ?? '—'}
                  </p>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h3 className="text-lg">{t('home.recent.title')}</h3>
          </CardTitle>
          <CardAction>
            <Link to="/dashboard/my-deliveries" className={buttonVariants({ variant: 'link', size: 'sm' })}>
              {t('home.recent.viewAll')}
            </Link>
          </CardAction>
        </CardHeader>
        <CardContent>
          {summary.isPending ? (
            <LoadingState />
          ) : summary.isError ? null : summary.data.recentDeliveries.length === 0 ? (
            <div className="grid justify-items-center gap-3 py-8 text-center">
              <Package className="size-10 text-muted-foreground" aria-hidden="true" />
              <p className="font-semibold">{t('home.recent.emptyTitle')}</p>
              <p className="text-sm text-muted-foreground">{t('home.recent.emptyDescription')}</p>
              <Link to="/dashboard/book-delivery" className={buttonVariants({ size: 'sm' })}>
                {t('home.bookDelivery')}
              </Link>
            </div>
          ) : (
            <ul className="grid divide-y divide-border" aria-label={t('home.recent.title')}>
              {summary.data.recentDeliveries.slice(0, RECENT_COUNT).map((delivery) => (
                <li key={delivery.id} className="flex flex-wrap items-center gap-2 py-1">
                  <Link
                    to={viewUrlOf(delivery)}
                    className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md px-2 py-2 outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="grid min-w-0 gap-0.5">
                      <span className="flex flex-wrap items-center gap-1.5 font-semibold">
                        #{delivery.id}
                        <TestBadge livemode={delivery.livemode} />
                      </span>
                      <span className="text-sm user-text text-muted-foreground">{delivery.route}</span>
                      <PriceHoldNote delivery={delivery} />
                      <FailedAttemptNote delivery={delivery} />
                    </span>
                    <span className="flex items-center gap-3">
                      <span className="font-semibold tabular-nums">{formatNaira(delivery.price.total)}</span>
                      <StatusBadge status={delivery.status} />
                    </span>
                  </Link>
                  <PayNowLink delivery={delivery} className="ms-2" />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
