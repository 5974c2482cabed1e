import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatNaira } from '@/shared/money';
import { useVerifyTopUp } from '../api/verify-top-up';
import { toastRefusal } from '../lib/toasts';

/**
 * The checkout sends the payer back to /dashboard/wallet?topup_reference=… (or ?reference=…): verify the payment with the server (which
 * credits the wallet once, however often this runs), say so, and drop the reference from the address.
 */
export function useTopUpReturn() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  // The wallet server's callback names it topup_reference; `reference` is the contract's name.
  const reference = searchParams.get('topup_reference') ?? searchParams.get('reference');
  const verify = useVerifyTopUp();
  const handled = useRef<string | null>(null);
  const { mutateAsync } = verify;

  // Syncing with the address bar (an external system): once per reference, also under StrictMode's double run.
  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    void mutateAsync(reference)
      .then((result) => {
        toast.success(t('wallet.toasts.toppedUp.title'), {
          description: t('wallet.toasts.toppedUp.description', { amount: formatNaira(result.amountKobo) }),
        });
      })
      .catch((failure: unknown) => toastRefusal(t, 'wallet.toasts.topUpFailed', failure))
      .finally(() => {
        setSearchParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const name of ['topup_reference', 'reference', 'trxref']) next.delete(name);
            return next;
          },
          { replace: true },
        );
      });
  }, [reference, mutateAsync, setSearchParams, t]);

  return { isVerifying: verify.isPending };
}
