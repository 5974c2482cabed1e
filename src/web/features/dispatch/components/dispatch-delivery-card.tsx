import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowRight, Loader2, Phone, User } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { codPaymentStateOf, parseFailedAttemptNote } from '@/shared/schemas/deliveries';
import { AFTER_FAILURE_DECISIONS, type AfterFailureDecision, type DispatchDelivery } from '@/shared/schemas/dispatch';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { DeliveryTypeBadge } from '@/web/components/delivery-type-badge';
import { failedBecauseText } from '@/web/lib/failed-attempt-text';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader } from '@/web/components/ui/card';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useDecideAfterFailure } from '../api/decide-after-failure';
import { useUpdateDeliveryStatus } from '../api/update-delivery-status';
import { boardActionsFor } from '../lib/board-actions';
import { formatDateTime } from '../lib/format';
import { historyNote } from '../lib/history-note';
import { AssignDriverDialog } from './assign-driver-dialog';
import { CompleteDeliveryDialog } from './complete-delivery-dialog';

const STATUS_VARIANT = { delivered: 'success', in_transit: 'info', pending: 'warning', returned: 'destructive', cancelled: 'secondary' } as const;

/** One delivery on the board: what, where, for whom, who drives it, what happened when, and what to do next. */
export function DispatchDeliveryCard({ delivery }: { delivery: DispatchDelivery }) {
  const { t, i18n } = useTranslation();
  const actions = boardActionsFor(delivery);
  const move = useUpdateDeliveryStatus();
  const decide = useDecideAfterFailure();
  const titleId = `dispatch-${delivery.id}-title`;
  const noteText = (note: string) => {
    const described = historyNote(note);
    if ('text' in described) return described.text;
    // A failed attempt's reason is itself a key.
    const params = described.params?.reason ? { ...described.params, reason: t(described.params.reason) } : described.params;
    return t(described.key, params);
  };

  // Each action's own promise, not `mutate`'s callbacks: a move can take the card off its tab (the live board
  // refetches) before the answer arrives, and the callbacks of an unmounted mutation never run.
  const handleMove = (status: NonNullable<typeof actions.nextStatus>) =>
    move.mutateAsync({ deliveryId: delivery.id, status }).then(
      () =>
        toast.success(t('dispatch.toasts.statusUpdated'), {
          description: t('dispatch.toasts.statusUpdatedDescription', { id: delivery.id, status: t(`tracking.statuses.${status}`) }),
        }),
      (error: unknown) => toastApiError(t, error, t('dispatch.toasts.statusFailed')),
    );

  /** True when it was decided. */
  const handleDecide = (decision: AfterFailureDecision) =>
    decide.mutateAsync({ deliveryId: delivery.id, decision }).then(
      () => {
        toast.success(t(`dispatch.toasts.decided_${decision}`, { id: delivery.id }));
        return true;
      },
      (error: unknown) => {
        toastApiError(t, error, t('dispatch.toasts.statusFailed'));
        return false;
      },
    );
  // Why the last attempt failed, in view while it waits for a decision (the history is folded away).
  const failure =
    delivery.status === 'failed_attempt' ? parseFailedAttemptNote(delivery.history.findLast((entry) => entry.status === 'failed_attempt')?.note ?? null) : null;
  const failureText = failure && failedBecauseText(t, failure);

  const details = [
    ['pickup', delivery.pickupLocation],
    ['dropoff', delivery.dropoffLocation],
    ['receiver', `${delivery.receiverName} · ${delivery.receiverPhone}`],
    [
      'package',
      `${t(`booking.options.packageType.${delivery.packageType}`, { defaultValue: delivery.packageType })} · ${t(
        `booking.options.packageWeight.${delivery.packageWeight}`,
        { defaultValue: delivery.packageWeight },
      )}`,
    ],
    ['transport', t(`booking.options.transportMode.${delivery.transportMode}`)],
    ['when', `${delivery.deliveryDate} · ${t(`booking.options.deliveryTime.${delivery.deliveryTime}`, { defaultValue: delivery.deliveryTime })}`],
    ['total', formatNaira(delivery.totalKobo)],
  ] as const;

  return (
    <Card className="min-w-0" aria-labelledby={titleId} role="article" data-testid="dispatch-delivery">
      <CardHeader className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={titleId} className="font-semibold">
            {t('dispatch.card.title', { id: delivery.id })}
          </h3>
          {delivery.trackingId && <p className="font-mono text-xs break-all text-muted-foreground">{delivery.trackingId}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <DeliveryTypeBadge deliveryType={delivery.deliveryType} testId="dispatch-delivery-type" />
          <Badge variant={STATUS_VARIANT[delivery.displayStatus]} data-testid="dispatch-status">
            {t(`tracking.statuses.${delivery.status}`)}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {failureText && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm user-text text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="dispatch-failure">
            {failureText}
          </p>
        )}
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {/* Waiting for a driver, it says when it is due: the Unassigned tab's order (decision 088). */}
          {delivery.status === 'pending' && !delivery.driver && (
            <div className="grid min-w-0 gap-0.5 sm:col-span-2" data-testid="dispatch-due">
              <dt className="text-xs text-muted-foreground">{t('dispatch.card.due')}</dt>
              <dd className="text-sm font-medium">
                <time dateTime={delivery.dueAt}>{formatDateTime(delivery.dueAt, i18n.language)}</time>
              </dd>
            </div>
          )}
          {details.map(([key, value]) => (
            <div key={key} className="grid min-w-0 gap-0.5">
              <dt className="text-xs text-muted-foreground">{t(`dispatch.card.${key}`)}</dt>
              <dd className="text-sm font-medium user-text">{value}</dd>
            </div>
          ))}
          {delivery.cod && <CodDue delivery={delivery} cod={delivery.cod} />}
        </dl>

        <div className="grid gap-1 rounded-md bg-muted/50 p-3">
          <p className="text-xs text-muted-foreground">{t('dispatch.card.driver')}</p>
          {delivery.driver ? (
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-medium" data-testid="dispatch-driver">
              <span className="flex min-w-0 items-center gap-1">
                <User className="size-4 shrink-0" aria-hidden="true" />
                <span className="user-text">{delivery.driver.name}</span>
              </span>
              <span className="font-mono text-xs">{delivery.driver.plateNumber}</span>
              {delivery.driver.phone && (
                <a href={`tel:${delivery.driver.phone}`} className="flex items-center gap-1 text-primary underline-offset-4 hover:underline">
                  <Phone className="size-3.5" aria-hidden="true" />
                  {delivery.driver.phone}
                </a>
              )}
            </p>
          ) : (
            <p className="text-sm">{t('dispatch.card.noDriver')}</p>
          )}
          {actions.isLockedOut && (
            <p role="status" className="text-sm font-medium text-destructive">
              {t('dispatch.card.locked')}
            </p>
          )}
        </div>

        <details className="group">
          <summary className="cursor-pointer rounded-sm text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
            {t('dispatch.card.history', { count: delivery.history.length })}
          </summary>
          <ol className="mt-2 grid gap-2 border-l-2 border-border pl-4">
            {delivery.history.map((entry, index) => (
              <li key={`${entry.status}-${entry.at}-${index}`} className="grid gap-0.5 text-sm">
                <span className="font-medium">{t(`tracking.statuses.${entry.status}`)}</span>
                <time dateTime={entry.at} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.at, i18n.language)}
                </time>
                {entry.driverName && <span className="text-xs user-text text-muted-foreground">{t('dispatch.card.historyDriver', { name: entry.driverName })}</span>}
                {entry.note && <span className="text-xs user-text text-muted-foreground">{noteText(entry.note)}</span>}
              </li>
            ))}
          </ol>
        </details>

        {(actions.assign || actions.nextStatus || actions.canComplete || actions.canDecide) && (
          <div className="flex flex-wrap gap-2">
            {actions.assign && <AssignDriverDialog delivery={delivery} mode={actions.assign} />}
            {actions.nextStatus && (
              <Button variant="outline" disabled={move.isPending} onClick={() => void handleMove(actions.nextStatus!)}>
                {move.isPending ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <ArrowRight aria-hidden="true" />}
                {t('dispatch.actions.moveTo', { status: t(`tracking.statuses.${actions.nextStatus}`) })}
              </Button>
            )}
            {actions.canComplete && <CompleteDeliveryDialog deliveryId={delivery.id} />}
            {actions.canDecide &&
              AFTER_FAILURE_DECISIONS.map((decision) => {
                const button = (
                  <Button key={decision} variant="outline" disabled={decide.isPending} onClick={decision === 'return' ? undefined : () => void handleDecide(decision)}>
                    {decide.isPending && decide.variables?.decision === decision && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
                    {t(`dispatch.actions.${decision}`)}
                  </Button>
                );
                // A return charges the sender its fee: asked once more.
                return decision === 'return' ? (
                  <ConfirmDialog
                    key={decision}
                    trigger={button}
                    title={t('dispatch.confirmReturn.title', { id: delivery.id })}
                    description={t('dispatch.confirmReturn.description')}
                    confirmLabel={t('dispatch.actions.return')}
                    onConfirm={() => handleDecide(decision)}
                    destructive
                  />
                ) : (
                  button
                );
              })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Pay on delivery (decision 053): the amount the driver collects through the receiver's link and whether the
 * receiver has paid, in the driver's job's words; no paid state once the order is cancelled or going back.
 */
function CodDue({ delivery, cod }: { delivery: DispatchDelivery; cod: NonNullable<DispatchDelivery['cod']> }) {
  const { t } = useTranslation();
  const state = codPaymentStateOf(delivery.status, cod.paidAt !== null);
  return (
    <div className="grid min-w-0 gap-0.5" data-testid="dispatch-cod">
      <dt className="text-xs text-muted-foreground">{t('driverWorkspace.cod.due')}</dt>
      <dd className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-medium">
        <span className="tabular-nums" data-testid="dispatch-cod-amount">
          {formatNaira(cod.amountKobo)}
        </span>
        {state && (
          <Badge variant={state === 'paid' ? 'success' : 'warning'} data-testid="dispatch-cod-state">
            {t(`cod.state.${state}`)}
          </Badge>
        )}
      </dd>
    </div>
  );
}
