import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import type { z } from 'zod';
import { formatNaira } from '@/shared/money';
import { topUpBodySchema, WALLET_LIMITS, type TopUpBody } from '@/shared/schemas/wallet-money';
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
import { proposedTopUpNaira, TOP_UP_PARAM } from '@/web/lib/top-up-link';
import { useCreateTopUp } from '../api/create-top-up';
import { amountProblemOf, nairaAmountField } from '../lib/amount-form';
import { amountErrorText, toastAmountProblem, toastRefusal } from '../lib/toasts';
import { AmountField } from './amount-field';

const LIMITS = { minKobo: WALLET_LIMITS.topUpMinKobo, maxKobo: WALLET_LIMITS.topUpMaxKobo };

/** The top-up body, its amount typed in naira. */
const topUpFormSchema = topUpBodySchema.extend({ amountKobo: nairaAmountField(topUpBodySchema.shape.amountKobo) });
type TopUpFormInput = z.input<typeof topUpFormSchema>;

/**
 * Top Up: the amount, then the gateway's checkout; the wallet is credited when the payment is verified. Opened by a
 * shortfall's link (`?topUp=`, topUpLink), it proposes that amount; the parameter is then dropped from the address.
 */
export function TopUpDialog() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [proposed] = useState(() => proposedTopUpNaira(searchParams.get(TOP_UP_PARAM), LIMITS));
  const [isOpen, setIsOpen] = useState(proposed !== null);
  const form = useForm<TopUpFormInput, unknown, TopUpBody>({
    resolver: zodResolver(topUpFormSchema),
    defaultValues: { amountKobo: proposed === null ? '' : String(proposed) },
    // The message stays until the next try (the spec's toast says it too).
    reValidateMode: 'onSubmit',
  });
  const topUp = useCreateTopUp();
  // One key per submission; a retry of the same amount reuses it, so a lost answer cannot start two payments.
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);

  // Syncing with the address bar (an external system): a reload must not open the dialog again.
  useEffect(() => {
    if (!searchParams.has(TOP_UP_PARAM)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TOP_UP_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      form.reset({ amountKobo: '' });
      setIdempotencyKey(null);
    }
  };

  const handleInvalid = (invalid: FieldErrors<TopUpFormInput>) =>
    toastAmountProblem(t, amountProblemOf(invalid.amountKobo?.message) ?? 'invalid', LIMITS);

  const handleValid = async ({ amountKobo }: TopUpBody) => {
    const key = idempotencyKey ?? crypto.randomUUID();
    setIdempotencyKey(key);
    try {
      const { checkoutUrl } = await topUp.mutateAsync({ amountKobo, idempotencyKey: key });
      window.location.assign(checkoutUrl);
    } catch (failure) {
      toastRefusal(t, 'wallet.toasts.topUpFailed', failure);
    }
  };

  const isBusy = topUp.isPending || topUp.isSuccess;
  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" />
          {t('wallet.topUp.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={form.handleSubmit(handleValid, handleInvalid)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('wallet.topUp.title')}</DialogTitle>
            <DialogDescription>{t('wallet.topUp.description')}</DialogDescription>
          </DialogHeader>
          <AmountField
            id="top-up-amount"
            {...form.register('amountKobo', {
              // A different amount is a different submission.
              onChange: () => setIdempotencyKey(null),
            })}
            error={amountErrorText(t, form.formState.errors.amountKobo, LIMITS)}
            description={t('wallet.limits', { min: formatNaira(LIMITS.minKobo), max: formatNaira(LIMITS.maxKobo) })}
          />
          <DialogFormFooter
            cancelLabel={t('wallet.cancel')}
            onCancel={() => handleOpenChange(false)}
            submitLabel={t('wallet.topUp.submit')}
            busyLabel={t('wallet.topUp.busy')}
            isBusy={isBusy}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
