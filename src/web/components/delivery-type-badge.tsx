import { useTranslation } from 'react-i18next';
import type { DeliveryType } from '@/shared/schemas/deliveries';
import { Badge } from '@/web/components/ui/badge';

/**
 * "Express" or "Same Day" beside a job's status, so urgent work stands out wherever a job is listed (decision 087):
 * the dispatch board's card and the driver's job card. A standard job shows nothing.
 */
export function DeliveryTypeBadge({ deliveryType, testId }: { deliveryType: DeliveryType; testId: string }) {
  const { t } = useTranslation();
  if (deliveryType === 'standard') return null;
  return (
    <Badge variant="outline" data-testid={testId}>
      {t(`booking.options.deliveryType.${deliveryType}`)}
    </Badge>
  );
}
