import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Eye, EyeOff, Loader2, X } from 'lucide-react';
import type { z } from 'zod';
import { formatNaira } from '@/shared/money';
import { markFailedBodySchema, WITHDRAWAL_STATUSES, type OperatorWithdrawal, type WithdrawalStatus } from '@/shared/schemas/wallet-money';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Badge } from '@/web/components/ui/badge';
import { Label } from '@/web/components/ui/label';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { DialogFormFooter } from '@/web/components/dialog-form-footer';
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';
import { apiErrorText } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { QueryLoadMore } from '@/web/components/load-more';
import { useWithdrawals } from '../api/get-withdrawals';
import { useRevealAccountNumber } from '../api/reveal-account-number';
import { useSettleWithdrawal, type WithdrawalOutcome } from '../api/settle-withdrawal';
import { formatDateTime } from '../lib/format';

/** The mark-failed body as a form: the reason is optional (the body itself may be left out). */
const markFailedFormSchema = markFailedBodySchema.unwrap().unwrap();
type MarkFailedForm = z.infer<typeof markFailedFormSchema>;
const REASON_MAX = markFailedFormSchema.shape.reason.unwrap().maxLength ?? 200;

const ALL = 'all';
const FILTERS = [...WITHDRAWAL_STATUSES, ALL] as const;
type Filter = (typeof FILTERS)[number];
const parseFilter = (value: string | null): Filter => ((FILTERS as readonly string[]).includes(value ?? '') ? (value as Filter) : 'pending');
const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none';

/**
 * /dashboard/operator/withdrawals?status=: pending withdrawals to pay by bank transfer, then mark paid or failed;
 * the history (paid, failed, all) under the same filter, a keyset page at a time.
 */
export function WithdrawalsQueuePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get('status'));
  const withdrawals = useWithdrawals(filter === ALL ? undefined : filter);
  const items = withdrawals.data?.pages.flatMap((page) => page.items);

  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('shell.titles.withdrawals')}</h2>
        <p className="text-muted-foreground">{t('operatorWithdrawals.subtitle')}</p>
      </header>
      <div className="grid max-w-xs gap-1">
        <Label htmlFor="withdrawals-status">{t('operatorWithdrawals.filter.label')}</Label>
        <select
          id="withdrawals-status"
          className={selectClass}
          value={filter}
          onChange={(event) => setSearchParams(event.target.value === 'pending' ? {} : { status: event.target.value }, { replace: true })}
        >
          {FILTERS.map((value) => (
            <option key={value} value={value}>
              {value === ALL ? t('operatorWithdrawals.filter.all') : t(`wallet.transactions.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {withdrawals.isPending && (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
          {t('operatorWithdrawals.loading')}
        </p>
      )}
      {withdrawals.isError && (
        <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4">
          <p>{apiErrorText(t, withdrawals.error)}</p>
          <Button variant="outline" size="sm" onClick={() => void withdrawals.refetch()}>
            {t('dispatch.retry')}
          </Button>
        </div>
      )}
      {items?.length === 0 && (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {filter === 'pending' ? t('operatorWithdrawals.empty') : t('operatorWithdrawals.emptyFiltered')}
        </p>
      )}
      {items && items.length > 0 && (
        <ul className="grid gap-3">
          {items.map((withdrawal) => (
            <li key={withdrawal.id}>
              <WithdrawalRow withdrawal={withdrawal} />
            </li>
          ))}
        </ul>
      )}
      <QueryLoadMore query={withdrawals} shown={items?.length ?? 0} />
    </div>
  );
}

function useSettle() {
  const { t } = useTranslation();
  const settle = useSettleWithdrawal();
  /** Settles it and says how it went; true when it was settled. */
  const run = (request: WithdrawalOutcome, amount: string, onDone?: () => void) =>
    settle.mutateAsync(request).then(
      () => {
        const key = request.outcome === 'paid' ? 'markedPaid' : 'markedFailed';
        toast.success(t(`operatorWithdrawals.toasts.${key}`), { description: t(`operatorWithdrawals.toasts.${key}Description`, { amount }) });
        onDone?.();
        return true;
      },
      (error: unknown) => {
        toastApiError(t, error, t('operatorWithdrawals.toasts.failed'));
        return false;
      },
    );
  return { run, isPending: settle.isPending };
}

const STATUS_VARIANT = { pending: 'warning', paid: 'success', failed: 'secondary' } as const satisfies Record<WithdrawalStatus, string>;

function WithdrawalRow({ withdrawal }: { withdrawal: OperatorWithdrawal }) {
  const { t, i18n } = useTranslation();
  const { run, isPending } = useSettle();
  const accountNumber = useShownAccountNumber(withdrawal.id);
  // Money out is stored negative; the queue shows what is to be transferred.
  const amount = formatNaira(Math.abs(withdrawal.amountKobo));
  const rows: (readonly [string, string])[] = [
    ['accountName', withdrawal.accountName],
    ['bank', `${withdrawal.bankName} · ${accountNumber.shown ?? withdrawal.accountNumberMasked}`],
    ['reference', withdrawal.reference],
    ['requested', formatDateTime(withdrawal.createdAt, i18n.language)],
    ...(withdrawal.completedAt ? [['completed', formatDateTime(withdrawal.completedAt, i18n.language)] as const] : []),
    ...(withdrawal.failureReason ? [['failureReason', withdrawal.failureReason] as const] : []),
  ];

  return (
    <Card className="py-4" data-testid="operator-withdrawal">
      <CardContent className="grid gap-3 px-4 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xl font-semibold tabular-nums">{amount}</p>
          <Badge variant={STATUS_VARIANT[withdrawal.status]} data-testid="withdrawal-status">
            {t(`wallet.transactions.status.${withdrawal.status}`)}
          </Badge>
        </div>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {rows.map(([key, value]) => (
            <div key={key} className="grid min-w-0 gap-0.5">
              <dt className="text-xs text-muted-foreground">{t(`operatorWithdrawals.fields.${key}`)}</dt>
              <dd className="text-sm font-medium break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {withdrawal.status !== 'pending' ? null : withdrawal.payoutGateway === 'paystack' ? (
          <p className="text-sm text-muted-foreground">{t('operatorWithdrawals.byGateway')}</p>
        ) : (
          <div className="flex flex-wrap gap-2">
            {withdrawal.accountNumberKept && (
              <Button
                variant="outline"
                disabled={accountNumber.isPending}
                onClick={accountNumber.toggle}
                aria-label={t(accountNumber.shown ? 'operatorWithdrawals.hideAccountNumberFor' : 'operatorWithdrawals.showAccountNumberFor', {
                  name: withdrawal.accountName,
                })}
              >
                {accountNumber.shown ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                {t(accountNumber.shown ? 'operatorWithdrawals.hideAccountNumber' : 'operatorWithdrawals.showAccountNumber')}
              </Button>
            )}
            <ConfirmDialog
              trigger={
                <Button disabled={isPending} aria-label={t('operatorWithdrawals.markPaidFor', { amount, name: withdrawal.accountName })}>
                  <Check aria-hidden="true" />
                  {t('operatorWithdrawals.markPaid')}
                </Button>
              }
              title={t('operatorWithdrawals.confirmPaid.title', { amount, name: withdrawal.accountName })}
              description={t('operatorWithdrawals.confirmPaid.description', { name: withdrawal.accountName })}
              confirmLabel={t('operatorWithdrawals.markPaid')}
              onConfirm={() => run({ id: withdrawal.id, outcome: 'paid' }, amount)}
            />
            <MarkFailedDialog withdrawal={withdrawal} amount={amount} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The whole account number, asked of the server only when the operator is about to pay (decision 075). */
function useShownAccountNumber(id: string) {
  const { t } = useTranslation();
  const reveal = useRevealAccountNumber();
  const [shown, setShown] = useState<string | null>(null);
  const toggle = () => {
    if (shown !== null) return setShown(null);
    reveal.mutate(id, {
      onSuccess: ({ accountNumber }) => setShown(accountNumber),
      onError: (error) => toastApiError(t, error, t('operatorWithdrawals.toasts.accountNumberNotShown')),
    });
  };
  return { shown, toggle, isPending: reveal.isPending };
}

function MarkFailedDialog({ withdrawal, amount }: { withdrawal: OperatorWithdrawal; amount: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<MarkFailedForm>({ resolver: zodResolver(markFailedFormSchema), defaultValues: { reason: '' } });
  const { run, isPending } = useSettle();

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) form.reset();
  };

  const handleValid = ({ reason }: MarkFailedForm) =>
    run({ id: withdrawal.id, outcome: 'failed', reason: reason || undefined }, amount, () => handleOpenChange(false));

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" aria-label={t('operatorWithdrawals.markFailedFor', { amount, name: withdrawal.accountName })}>
          <X aria-hidden="true" />
          {t('operatorWithdrawals.markFailed')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('operatorWithdrawals.failDialog.title', { amount })}</DialogTitle>
          <DialogDescription>{t('operatorWithdrawals.failDialog.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4">
          <FormField label={t('operatorWithdrawals.failDialog.reason')} error={fieldErrorText(t, form.formState.errors.reason)}>
            <Textarea maxLength={REASON_MAX} {...form.register('reason')} />
          </FormField>
          <DialogFormFooter
            cancelLabel={t('dispatch.cancel')}
            onCancel={() => handleOpenChange(false)}
            submitLabel={t('operatorWithdrawals.failDialog.submit')}
            busyLabel={t('operatorWithdrawals.failDialog.submit')}
            isBusy={isPending}
            submitVariant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
