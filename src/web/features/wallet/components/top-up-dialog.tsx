import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2, Plus } from 'lucide-react';
import { formatNaira } from '@/shared/money';
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
import { useCreateTopUp } from '../api/create-top-up';
import { checkAmount } from '../lib/amount';
import { amountProblemText, toastAmountProblem, toastRefusal } from '../lib/toasts';
import { AmountField } from './amount-field';

const LIMITS = { minKobo: WALLET_LIMITS.topUpMinKobo, maxKobo: WALLET_LIMITS.topUpMaxKobo };

/** Top Up: the amount, then the gateway's checkout; the wallet is credited when the payment is verified. */
export function TopUpDialog() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const topUp = useCreateTopUp();
  // One key per submission; a retry of the same amount reuses it, so a lost answer cannot start two payments.
  const idempotencyKey = useRef<string | null>(null);

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      setAmount('');
      setError(undefined);
      idempotencyKey.current = null;
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(amount, LIMITS);
    if (!checked.ok) {
      setError(amountProblemText(t, checked.problem, LIMITS));
      toastAmountProblem(t, checked.problem, LIMITS);
      return;
    }
    setError(undefined);
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      const { checkoutUrl } = await topUp.mutateAsync({
        amountKobo: checked.kobo,
        idempotencyKey: idempotencyKey.current,
      });
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
        <form onSubmit={(event) => void handleSubmit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('wallet.topUp.title')}</DialogTitle>
            <DialogDescription>{t('wallet.topUp.description')}</DialogDescription>
          </DialogHeader>
          <AmountField
            id="top-up-amount"
            value={amount}
            onChange={(value) => {
              setAmount(value);
              idempotencyKey.current = null;
            }}
            error={error}
            description={t('wallet.limits', { min: formatNaira(LIMITS.minKobo), max: formatNaira(LIMITS.maxKobo) })}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('wallet.cancel')}
            </Button>
            <Button type="submit" disabled={isBusy}>
              {isBusy && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {isBusy ? t('wallet.topUp.busy') : t('wallet.topUp.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
