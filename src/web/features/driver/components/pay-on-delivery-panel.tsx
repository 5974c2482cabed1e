import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Send } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import type { CodPaymentState } from '@/shared/schemas/deliveries';
import type { DriverJob } from '@/shared/schemas/dispatch';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useResendPayLink } from '../api/resend-pay-link';

type Cod = NonNullable<DriverJob['cod']>;

/** "Paid" once the receiver has paid through their link (the live stream turns it), else "Awaiting payment". */
export function CodStateBadge({ state }: { state: CodPaymentState }) {
  const { t } = useTranslation();
  return (
    <Badge variant={state === 'paid' ? 'success' : 'warning'} data-testid="driver-job-cod-state">
      {t(`cod.state.${state}`)}
    </Badge>
  );
}

/**
 * "Send the payment link again": the receiver gets a fresh link by SMS. One key per press, kept while that press
 * is retried, so a lost answer never sends two messages.
 */
export function ResendPayLinkButton({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const resend = useResendPayLink();
  const [idempotencyKey, setIdempotencyKey] = useState<string | null>(null);

  const handleClick = () => {
    const key = idempotencyKey ?? crypto.randomUUID();
    setIdempotencyKey(key);
    resend.mutate(
      { jobId, idempotencyKey: key },
      {
        onSuccess: (result) => {
          setIdempotencyKey(null);
          if (result.paid) toast.success(t('driverWorkspace.cod.paidNote'));
          else toast.success(t('driverWorkspace.cod.resent'));
        },
        onError: (error) => toastApiError(t, error, t('driverWorkspace.cod.resendFailed')),
      },
    );
  };

  return (
    <Button type="button" variant="outline" size="block" disabled={resend.isPending} onClick={handleClick}>
      {resend.isPending ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
      {resend.isPending ? t('driverWorkspace.cod.resending') : t('driverWorkspace.cod.resend')}
    </Button>
  );
}

/**
 * On the way to the receiver: what they pay and whether they have (live, decision 053). Unpaid, the driver is told
 * not to take cash and may send the link again; paid, that the parcel can be handed over.
 */
export function PayOnDeliveryPanel({ job, cod }: { job: DriverJob; cod: Cod }) {
  const { t } = useTranslation();
  if (job.status !== 'out_for_delivery' && job.status !== 'in_transit' && job.status !== 'picked_up') return null;
  return (
    <div
      role="status"
      className={
        cod.paidAt
          ? 'rounded-md border border-success/40 bg-success/5 p-3 text-sm font-medium'
          : 'grid gap-3 rounded-md border border-orange-300 bg-orange-50 p-3 text-sm dark:border-orange-800 dark:bg-orange-950'
      }
      data-testid="driver-job-cod-note"
    >
      <p>{cod.paidAt ? t('driverWorkspace.cod.paidNote') : t('driverWorkspace.cod.unpaidNote', { amount: formatNaira(cod.amountKobo) })}</p>
      {!cod.paidAt && job.status === 'out_for_delivery' && <ResendPayLinkButton jobId={job.id} />}
    </div>
  );
}
