import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OperatorHomeSummary } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { apiErrorText } from '@/web/lib/api-client';
import { formatHomeCount } from '@/web/lib/home-count';
import { cn } from '@/web/lib/cn';
import { useDispatchSummary } from '../api/get-dispatch-summary';

const BOARD = '/dashboard/operator/dispatch';

/** Each count, where it is worked on, and its words (the board's tabs keep their own names). */
const COUNTS: { key: keyof OperatorHomeSummary; to: string; labelKey: string; urgent?: boolean }[] = [
  { key: 'unassigned', to: BOARD, labelKey: 'dispatch.filters.unassigned' },
  { key: 'active', to: `${BOARD}?status=active`, labelKey: 'dispatch.filters.active' },
  { key: 'needsDecision', to: `${BOARD}?status=needs_decision`, labelKey: 'dispatch.filters.needs_decision', urgent: true },
  { key: 'pendingApplications', to: '/dashboard/operator/applications', labelKey: 'dispatch.summary.pendingApplications' },
  { key: 'pendingWithdrawals', to: '/dashboard/operator/withdrawals', labelKey: 'dispatch.summary.pendingWithdrawals' },
];

/**
 * The top of the operator's home (decision 060): what waits for them, each count a link to where it is worked on.
 * Counts stop at 999+ (the server counts through each list's index, never a whole table).
 */
export function OperatorSummary() {
  const { t, i18n } = useTranslation();
  const summary = useDispatchSummary();

  if (summary.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 p-3 text-sm">
        <p className="min-w-0">{apiErrorText(t, summary.error, t('dispatch.summary.failed'))}</p>
        <Button variant="outline" size="sm" onClick={() => void summary.refetch()}>
          {t('dispatch.retry')}
        </Button>
      </div>
    );
  }

  return (
    <section aria-label={t('dispatch.summary.label')} aria-busy={summary.isPending}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {COUNTS.map(({ key, to, labelKey, urgent }) => {
          const count = summary.data?.[key];
          const label = t(labelKey);
          const shown = count === undefined ? '—' : formatHomeCount(count, i18n.language);
          return (
            <li key={key} className="min-w-0">
              <Link
                to={to}
                aria-label={count === undefined ? label : `${label}: ${shown}`}
                className={cn(
                  'flex h-full min-w-0 flex-col justify-between gap-1 rounded-lg border bg-card p-3 outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring',
                  urgent && count ? 'border-amber-400 dark:border-amber-700' : undefined,
                )}
              >
                <span className="text-sm break-words text-muted-foreground">{label}</span>
                <span className="text-2xl font-bold tabular-nums" data-testid={`operator-summary-${key}`}>
                  {shown}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
