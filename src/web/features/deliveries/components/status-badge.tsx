import { useTranslation } from 'react-i18next';
import type { DisplayStatus } from '@/shared/schemas/deliveries';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';

/** The spec's colours: green delivered, blue in transit, orange otherwise. */
const VARIANT_OF: Record<DisplayStatus, BadgeProps['variant']> = {
  delivered: 'success',
  in_transit: 'info',
  pending: 'warning',
  cancelled: 'secondary',
};

export function StatusBadge({ status, className }: { status: DisplayStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={VARIANT_OF[status]} className={className}>
      {t(`deliveries.status.${status}`)}
    </Badge>
  );
}
