import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowUpRight } from 'lucide-react';
import { z } from 'zod';
import { formatNaira } from '@/shared/money';
import { payoutAccountSchema } from '@/shared/schemas/payouts';
import { ACCOUNT_NAME_MAX } from '@/shared/rule-limits';
import { amountKoboSchema, reauthBodySchema, WALLET_LIMITS, type WithdrawalBody } from '@/shared/schemas/wallet-money';
import { Button } from '@/web/components/ui/button';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { fieldErrorText, SERVER_ERROR } from '@/web/lib/form-errors';
import { useBanks } from '../api/get-banks';
import { useCreateWithdrawal, type WithdrawalRequest } from '../api/create-withdrawal';
import { isReauthRequired, useReauthenticate } from '../api/reauthenticate';
import { AMOUNT_MESSAGES } from '../lib/amount';
import { amountProblemOf, nairaAmountField } from '../lib/amount-form';
import { amountErrorText, toastAmountProblem, toastRefusal } from '../lib/toasts';
import { AmountField } from './amount-field';

const LIMITS = { minKobo: WALLET_LIMITS.withdrawalMinKobo, maxKobo: WALLET_LIMITS.withdrawalMaxKobo };
const FIELDS = ['amountKobo', 'bankCode', 'accountNumber', 'accountName'] as const;

/**
 * The withdrawal body (withdrawalBodySchema: the payout account and the amount within the limits), its amount
 * typed in naira and, here only, within the balance: the spec's "Insufficient Balance" before anything is sent.
 */
function withdrawFormSchema(balanceKobo: number) {
  const amountKobo = nairaAmountField(amountKoboSchema(WALLET_LIMITS.withdrawalMinKobo, WALLET_LIMITS.withdrawalMaxKobo));
  return payoutAccountSchema.and(
    z.object({ amountKobo: amountKobo.refine((kobo) => kobo <= balanceKobo, AMOUNT_MESSAGES.insufficient) }),
  );
}
type WithdrawFormInput = z.input<ReturnType<typeof withdrawFormSchema>>;
const EMPTY: WithdrawFormInput = { amountKobo: '', bankCode: '', accountNumber: '', accountName: '' };

/** The password again (the shared body), with the dialog's own words when it is left empty. */
const reauthFormSchema = reauthBodySchema.extend({
  password: z.string().min(1, 'wallet.reauth.required').pipe(reauthBodySchema.shape.password),
});
type ReauthForm = z.infer<typeof reauthFormSchema>;

/**
 * Withdraw to a Nigerian bank account. The amount is held at once as a pending withdrawal that an operator
 * (or the payout gateway) settles. A sign-in older than the server allows first asks for the password again.
 */
/** `withdrawableKobo` is the balance less test-mode money, which may pay for deliveries but never leaves. */
export function WithdrawDialog({ balanceKobo, withdrawableKobo }: { balanceKobo: number; withdrawableKobo: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const schema = useMemo(() => withdrawFormSchema(balanceKobo), [balanceKobo]);
  const form = useForm<WithdrawFormInput, unknown, WithdrawalBody>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    // Messages stay until the next try.
    reValidateMode: 'onSubmit',
  });
  const passwordForm = useForm<ReauthForm>({
    resolver: zodResolver(reauthFormSchema),
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [pending, setPending] = useState<WithdrawalRequest | null>(null);
  const banks = useBanks(isOpen);
  const withdraw = useCreateWithdrawal();
  const reauth = useReauthenticate();
  // One key per submission, reused when it is retried (after the password step too).
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);

  const reset = () => {
    form.reset();
    passwordForm.reset();
    setPending(null);
    setIdempotencyKey(null);
  };

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) reset();
  };

  // A different request is a different submission.
  const forgetKey = () => setIdempotencyKey(null);

  const send = async (request: WithdrawalRequest) => {
    try {
      const withdrawal = await withdraw.mutateAsync(request);
      toast.success(t('wallet.toasts.withdrawn.title'), {
        description: t('wallet.toasts.withdrawn.description', { amount: formatNaira(withdrawal.amountKobo) }),
      });
      handleOpenChange(false);
    } catch (failure) {
      if (isReauthRequired(failure)) {
        setPending(request);
        return;
      }
      if (isApiError(failure)) {
        for (const name of FIELDS) {
          const key = failure.fieldKeys[name]?.[0];
          if (key) form.setError(name, { message: key });
        }
      }
      toastRefusal(t, 'wallet.toasts.withdrawFailed', failure);
    }
  };

  const handleValid = async (body: WithdrawalBody) => {
    const key = idempotencyKey ?? crypto.randomUUID();
    setIdempotencyKey(key);
    await send({ ...body, idempotencyKey: key });
  };

  // The amount's problem is the spec's toast; the account's problems are shown beside their fields.
  const handleInvalid = (invalid: FieldErrors<WithdrawFormInput>) => {
    if (invalid.amountKobo) toastAmountProblem(t, amountProblemOf(invalid.amountKobo.message) ?? 'invalid', LIMITS);
  };

  const handleConfirmPassword = async ({ password }: ReauthForm) => {
    if (!pending) return;
    try {
      await reauth.mutateAsync(password);
    } catch (failure) {
      passwordForm.setError('password', { type: SERVER_ERROR, message: apiErrorText(t, failure) });
      return;
    }
    passwordForm.reset();
    // The same submission, so the same idempotency key: at most one withdrawal however often it is retried.
    const request = pending;
    setPending(null);
    await send(request);
  };

  const isBusy = withdraw.isPending || reauth.isPending;
  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ArrowUpRight aria-hidden="true" />
          {t('wallet.withdraw.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {pending ? (
          <form onSubmit={passwordForm.handleSubmit(handleConfirmPassword)} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('wallet.reauth.title')}</DialogTitle>
              <DialogDescription>{t('wallet.reauth.description')}</DialogDescription>
            </DialogHeader>
            <FormField
              label={t('wallet.reauth.password')}
              error={fieldErrorText(t, passwordForm.formState.errors.password)}
              id="withdraw-password"
            >
              <Input type="password" autoComplete="current-password" autoFocus {...passwordForm.register('password')} />
            </FormField>
            <DialogFormFooter
              cancelLabel={t('common.back')}
              onCancel={() => setPending(null)}
              submitLabel={t('wallet.reauth.submit')}
              busyLabel={t('wallet.reauth.busy')}
              isBusy={isBusy}
            />
          </form>
        ) : (
          <form onSubmit={form.handleSubmit(handleValid, handleInvalid)} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('wallet.withdraw.title')}</DialogTitle>
              <DialogDescription>
                {t('wallet.withdraw.description', { balance: formatNaira(withdrawableKobo) })}
              </DialogDescription>
              {balanceKobo > withdrawableKobo && (
                <p className="text-sm text-muted-foreground" data-testid="withdraw-test-money">
                  {t('wallet.testMoney.withdrawNote', {
                    balance: formatNaira(balanceKobo),
                    testMoney: formatNaira(balanceKobo - withdrawableKobo),
                  })}
                </p>
              )}
            </DialogHeader>
            <AmountField
              id="withdraw-amount"
              {...form.register('amountKobo', { onChange: forgetKey })}
              error={amountErrorText(t, errors.amountKobo, LIMITS)}
              description={t('wallet.limits', { min: formatNaira(LIMITS.minKobo), max: formatNaira(LIMITS.maxKobo) })}
            />
            <FormField label={t('wallet.withdraw.bank')} error={fieldErrorText(t, errors.bankCode)} id="withdraw-bank">
              <Controller
                control={form.control}
                name="bankCode"
                render={({ field }) => (
                  <Select
                    name={field.name}
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      forgetKey();
                    }}
                    disabled={!banks.data}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      id="withdraw-bank"
                      className="w-full"
                      onBlur={field.onBlur}
                      aria-invalid={errors.bankCode ? true : undefined}
                      aria-describedby={errors.bankCode ? 'withdraw-bank-error' : undefined}
                    >
                      <SelectValue
                        placeholder={
                          banks.isError ? t('wallet.withdraw.banksFailed') : t('wallet.withdraw.bankPlaceholder')
                        }
                      />
                    </SelectTrigger>
                    <SelectContent>
                      {(banks.data ?? []).map((bank) => (
                        <SelectItem key={bank.code} value={bank.code}>
                          {bank.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField
              label={t('wallet.withdraw.accountNumber')}
              error={fieldErrorText(t, errors.accountNumber)}
              id="withdraw-account-number"
            >
              <Input inputMode="numeric" autoComplete="off" maxLength={20} {...form.register('accountNumber', { onChange: forgetKey })} />
            </FormField>
            <FormField
              label={t('wallet.withdraw.accountName')}
              error={fieldErrorText(t, errors.accountName)}
              id="withdraw-account-name"
            >
              <Input autoComplete="name" maxLength={ACCOUNT_NAME_MAX} {...form.register('accountName', { onChange: forgetKey })} />
            </FormField>
            <DialogFormFooter
              cancelLabel={t('wallet.cancel')}
              onCancel={() => handleOpenChange(false)}
              submitLabel={t('wallet.withdraw.submit')}
              busyLabel={t('wallet.withdraw.busy')}
              isBusy={isBusy}
            />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
