import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowUpRight, Loader2 } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { payoutAccountSchema } from '@/shared/schemas/payouts';
import { WALLET_LIMITS } from '@/shared/schemas/wallet-money';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { useBanks } from '../api/get-banks';
import { useCreateWithdrawal, type WithdrawalRequest } from '../api/create-withdrawal';
import { isReauthRequired, useReauthenticate } from '../api/reauthenticate';
import { checkAmount } from '../lib/amount';
import { amountProblemText, toastAmountProblem, toastRefusal } from '../lib/toasts';
import { AmountField } from './amount-field';

const LIMITS = { minKobo: WALLET_LIMITS.withdrawalMinKobo, maxKobo: WALLET_LIMITS.withdrawalMaxKobo };
const EMPTY = { amount: '', bankCode: '', accountNumber: '', accountName: '' };
type Fields = typeof EMPTY;
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * Withdraw to a Nigerian bank account. The amount is held at once as a pending withdrawal that an operator
 * (or the payout gateway) settles. A sign-in older than the server allows first asks for the password again.
 */
/** `withdrawableKobo` is the balance less test-mode money, which may pay for deliveries but never leaves. */
export function WithdrawDialog({ balanceKobo, withdrawableKobo }: { balanceKobo: number; withdrawableKobo: number }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState<WithdrawalRequest | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const banks = useBanks(isOpen);
  const withdraw = useCreateWithdrawal();
  const reauth = useReauthenticate();
  const idempotencyKey = useRef<string | null>(null);

  const reset = () => {
    setFields(EMPTY);
    setErrors({});
    setPending(null);
    setPassword('');
    setPasswordError(undefined);
    idempotencyKey.current = null;
  };

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) reset();
  };

  const change = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    // A different request is a different submission.
    idempotencyKey.current = null;
  };

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
      if (isApiError(failure) && Object.keys(failure.fieldKeys).length > 0) {
        setErrors(
          Object.fromEntries(
            Object.entries(failure.fieldKeys).map(([field, keys]) => [
              field === 'amountKobo' ? 'amount' : field,
              t(keys[0] ?? ''),
            ]),
          ),
        );
      }
      toastRefusal(t, 'wallet.toasts.withdrawFailed', failure);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: FieldErrors = {};
    const checked = checkAmount(fields.amount, { ...LIMITS, balanceKobo });
    if (!checked.ok) next.amount = amountProblemText(t, checked.problem, LIMITS);
    const account = payoutAccountSchema.safeParse(fields);
    if (!account.success) {
      for (const issue of account.error.issues) {
        const name = issue.path[0] as keyof Fields;
        next[name] ??= t(issue.message);
      }
    }
    setErrors(next);
    if (!checked.ok) {
      toastAmountProblem(t, checked.problem, LIMITS);
      return;
    }
    if (!account.success) return;
    idempotencyKey.current ??= crypto.randomUUID();
    await send({ amountKobo: checked.kobo, ...account.data, idempotencyKey: idempotencyKey.current });
  };

  const handleConfirmPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!pending) return;
    if (password === '') {
      setPasswordError(t('wallet.reauth.required'));
      return;
    }
    try {
      await reauth.mutateAsync(password);
    } catch (failure) {
      setPasswordError(apiErrorText(t, failure));
      return;
    }
    setPassword('');
    setPasswordError(undefined);
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
          <form onSubmit={(event) => void handleConfirmPassword(event)} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('wallet.reauth.title')}</DialogTitle>
              <DialogDescription>{t('wallet.reauth.description')}</DialogDescription>
            </DialogHeader>
            <FormField label={t('wallet.reauth.password')} error={passwordError} id="withdraw-password">
              <Input
                type="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setPending(null)}>
                {t('common.back')}
              </Button>
              <Button type="submit" disabled={isBusy}>
                {isBusy && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
                {isBusy ? t('wallet.reauth.busy') : t('wallet.reauth.submit')}
              </Button>
            </DialogFooter>
          </form>
        ) : (
          <form onSubmit={(event) => void handleSubmit(event)} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('wallet.withdraw.title')}</DialogTitle>
              <DialogDescription>
                {t('wallet.withdraw.description', { balance: formatNaira(withdrawableKobo) })}
              </DialogDescription>
            </DialogHeader>
            <AmountField
              id="withdraw-amount"
              value={fields.amount}
              onChange={change('amount')}
              error={errors.amount}
              description={t('wallet.limits', { min: formatNaira(LIMITS.minKobo), max: formatNaira(LIMITS.maxKobo) })}
            />
            <FormField label={t('wallet.withdraw.bank')} error={errors.bankCode} id="withdraw-bank">
              <Select value={fields.bankCode} onValueChange={change('bankCode')} disabled={!banks.data}>
                <SelectTrigger
                  id="withdraw-bank"
                  className="w-full"
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
            </FormField>
            <FormField
              label={t('wallet.withdraw.accountNumber')}
              error={errors.accountNumber}
              id="withdraw-account-number"
            >
              <Input
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                value={fields.accountNumber}
                onChange={(event) => change('accountNumber')(event.target.value)}
              />
            </FormField>
            <FormField label={t('wallet.withdraw.accountName')} error={errors.accountName} id="withdraw-account-name">
              <Input
                autoComplete="name"
                maxLength={100}
                value={fields.accountName}
                onChange={(event) => change('accountName')(event.target.value)}
              />
            </FormField>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
                {t('wallet.cancel')}
              </Button>
              <Button type="submit" disabled={isBusy}>
                {isBusy && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
                {isBusy ? t('wallet.withdraw.busy') : t('wallet.withdraw.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
