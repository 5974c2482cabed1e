import { useTranslation } from 'react-i18next';
import { statusLabelOf, type DeliveryStatus, type StatusLabel } from '@/shared/schemas/deliveries';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';

/**
 * The spec's colours: green delivered, blue in transit, orange otherwise; an unpaid booking is outlined, a failed
 * attempt (which waits for a decision) orange, a return red like the returned it becomes.
 */
const VARIANT_OF: Record<StatusLabel, BadgeProps['variant']> = {
  awaiting_payment: 'outline',
  delivered: 'success',
  in_transit: 'info',
  failed_attempt: 'warning',
  returning: 'destructive',
  pending: 'warning',
  returned: 'destructive',
  cancelled: 'secondary',
};

/** Takes the delivery's own status, so an unpaid booking says "Awaiting payment" rather than its group's "Pending". */
export function StatusBadge({ status, className }: { status: DeliveryStatus; className?: string }) {
  const { t } = useTranslation();
  const label = statusLabelOf(status);
  return (
    <Badge variant={VARIANT_OF[label]} className={className} data-status={label}>
      {t(`deliveries.status.${label}`)}
    </Badge>
  );
}
