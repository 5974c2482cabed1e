import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { AFTER_FAILURE_DECISIONS, type AfterFailureDecision } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useDecideAfterFailure } from '../api/decide-after-failure';

/** After a failed attempt on the shipper's delivery: have it tried again, or brought back. */
export function AfterFailureButtons({ delivery }: { delivery: Pick<DeliveryListItem, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const decide = useDecideAfterFailure();
  if (delivery.status !== 'failed_attempt') return null;

  // The promise, not `mutate`'s callbacks: the decision's live update can take these buttons off the page before the
  // answer arrives, and the callbacks of an unmounted mutation never run.
  const handleDecide = (decision: AfterFailureDecision) =>
    void decide.mutateAsync({ id: delivery.id, decision }).then(
      () => toast.success(t(`deliveries.afterFailure.done_${decision}`, { id: delivery.id })),
      (error: unknown) => toastApiError(t, error, t('deliveries.afterFailure.failed')),
    );

  return AFTER_FAILURE_DECISIONS.map((decision) => (
    <Button
      key={decision}
      size="sm"
      variant="outline"
      disabled={decide.isPending}
      aria-label={t(`deliveries.afterFailure.${decision}Label`, { id: delivery.id })}
      onClick={() => handleDecide(decision)}
    >
      {decide.isPending && decide.variables?.decision === decision && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
      {t(`deliveries.afterFailure.${decision}`)}
    </Button>
  ));
}
