import { useState, type ReactElement, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Eye, EyeOff, Loader2, X } from 'lucide-react';
import type { z } from 'zod';
import { formatNaira } from '@/shared/money';
import {
  markFailedBodySchema,
  markPaidBodySchema,
  WITHDRAWAL_STATUSES,
  type MarkPaidBody,
  type OperatorWithdrawal,
  type WithdrawalStatus,
} from '@/shared/schemas/wallet-money';
import { Badge } from '@/web/components/ui/badge';
import { Label } from '@/web/components/ui/label';
import { Button, type ButtonProps } from '@/web/components/ui/button';
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
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { apiErrorText } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { useSingleFlight } from '@/web/lib/use-single-flight';
import { toastApiError } from '@/web/lib/toast-api-error';
import { QueryLoadMore } from '@/web/components/load-more';
import { useWithdrawals } from '../api/get-withdrawals';
import { useRevealAccountNumber } from '../api/reveal-account-number';
import { useSettleWithdrawal, type WithdrawalOutcome } from '../api/settle-withdrawal';
import { formatDateTime } from '../lib/format';
import { NATIVE_SELECT_CLASS } from '@/web/components/ui/native-select';

/** The mark-failed body as a form: the reason is optional (the body itself may be left out). */
const markFailedFormSchema = markFailedBodySchema.unwrap().unwrap();
type MarkFailedForm = z.infer<typeof markFailedFormSchema>;
const REASON_MAX = markFailedFormSchema.shape.reason.unwrap().maxLength ?? 200;

const ALL = 'all';
const FILTERS = [...WITHDRAWAL_STATUSES, ALL] as const;
type Filter = (typeof FILTERS)[number];
const parseFilter = (value: string | null): Filter => ((FILTERS as readonly string[]).includes(value ?? '') ? (value as Filter) : 'pending');

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
          className={NATIVE_SELECT_CLASS}
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
  const run = (request: WithdrawalOutcome, amount: string) =>
    settle.mutateAsync(request).then(
      () => {
        const key = request.outcome === 'paid' ? 'markedPaid' : 'markedFailed';
        toast.success(t(`operatorWithdrawals.toasts.${key}`), { description: t(`operatorWithdrawals.toasts.${key}Description`, { amount }) });
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
  const accountNumber = useShownAccountNumber(withdrawal.id);
  // Money out is stored negative; the queue shows what is to be transferred.
  const amount = formatNaira(Math.abs(withdrawal.amountKobo));
  const rows: (readonly [string, string])[] = [
    ['accountName', withdrawal.accountName],
    ['bank', `${withdrawal.bankName} · ${accountNumber.shown ?? withdrawal.accountNumberMasked}`],
    ['reference', withdrawal.reference],
    ['requested', formatDateTime(withdrawal.createdAt, i18n.language)],
    ...(withdrawal.completedAt ? [['completed', formatDateTime(withdrawal.completedAt, i18n.language)] as const] : []),
    ...(withdrawal.transferReference ? [['transferReference', withdrawal.transferReference] as const] : []),
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
            <MarkPaidDialog withdrawal={withdrawal} amount={amount} />
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

/**
 * Marks a withdrawal paid or failed from a dialog with one field: asked once more before money moves (decision 087),
 * sent once however often it is pressed; the dialog closes once it is settled, and a refusal keeps it open with a toast.
 */
function SettleDialog<T extends FieldValues>({
  form,
  trigger,
  title,
  description,
  submitLabel,
  submitVariant,
  onValid,
  children,
}: {
  form: UseFormReturn<T>;
  trigger: ReactElement;
  title: string;
  description: string;
  submitLabel: string;
  submitVariant?: ButtonProps['variant'];
  /** Resolves true when the withdrawal was settled. */
  onValid: (values: T) => Promise<boolean>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const submitting = useSingleFlight();

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) form.reset();
  };

  const handleValid = (values: T) =>
    submitting.run(async () => {
      if (await onValid(values)) handleOpenChange(false);
    });

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4">
          {children}
          <DialogFormFooter
            cancelLabel={t('common.back')}
            onCancel={() => handleOpenChange(false)}
            submitLabel={submitLabel}
            busyLabel={submitLabel}
            isBusy={submitting.isRunning}
            submitVariant={submitVariant}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Paid by hand: the bank's reference for the transfer is asked for, checked by the rule the server applies, and kept
 * for both sides to find the transfer on their statements (decision 089).
 */
function MarkPaidDialog({ withdrawal, amount }: { withdrawal: OperatorWithdrawal; amount: string }) {
  const { t } = useTranslation();
  const form = useForm<MarkPaidBody>({ resolver: zodResolver(markPaidBodySchema), defaultValues: { transferReference: '' } });
  const { run, isPending } = useSettle();

  return (
    <SettleDialog
      form={form}
      trigger={
        <Button disabled={isPending} aria-label={t('operatorWithdrawals.markPaidFor', { amount, name: withdrawal.accountName })}>
          <Check aria-hidden="true" />
          {t('operatorWithdrawals.markPaid')}
        </Button>
      }
      title={t('operatorWithdrawals.confirmPaid.title', { amount, name: withdrawal.accountName })}
      description={t('operatorWithdrawals.confirmPaid.description', { name: withdrawal.accountName })}
      submitLabel={t('operatorWithdrawals.markPaid')}
      onValid={({ transferReference }) => run({ id: withdrawal.id, outcome: 'paid', transferReference }, amount)}
    >
      <FormField
        label={t('operatorWithdrawals.confirmPaid.transferReference')}
        description={t('operatorWithdrawals.confirmPaid.transferReferenceHint')}
        error={fieldErrorText(t, form.formState.errors.transferReference)}
      >
        <Input autoComplete="off" spellCheck={false} className="font-mono" {...form.register('transferReference')} />
      </FormField>
    </SettleDialog>
  );
}

function MarkFailedDialog({ withdrawal, amount }: { withdrawal: OperatorWithdrawal; amount: string }) {
  const { t } = useTranslation();
  const form = useForm<MarkFailedForm>({ resolver: zodResolver(markFailedFormSchema), defaultValues: { reason: '' } });
  const { run } = useSettle();

  return (
    <SettleDialog
      form={form}
      trigger={
        <Button variant="outline" aria-label={t('operatorWithdrawals.markFailedFor', { amount, name: withdrawal.accountName })}>
          <X aria-hidden="true" />
          {t('operatorWithdrawals.markFailed')}
        </Button>
      }
      title={t('operatorWithdrawals.failDialog.title', { amount })}
      description={t('operatorWithdrawals.failDialog.description')}
      submitLabel={t('operatorWithdrawals.failDialog.submit')}
      submitVariant="destructive"
      onValid={({ reason }) => run({ id: withdrawal.id, outcome: 'failed', reason: reason || undefined }, amount)}
    >
      <FormField label={t('operatorWithdrawals.failDialog.reason')} error={fieldErrorText(t, form.formState.errors.reason)}>
        <Textarea maxLength={REASON_MAX} {...form.register('reason')} />
      </FormField>
    </SettleDialog>
  );
}
