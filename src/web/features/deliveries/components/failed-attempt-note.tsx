import { useTranslation } from 'react-i18next';
import type { DeliveryListItem } from '@/shared/schemas/deliveries';
import { failedBecauseText } from '@/web/lib/failed-attempt-text';
import { cn } from '@/web/lib/cn';

/** Under a failed attempt's status in the lists: why it failed, so the owner can decide from the row (decision 090). */
export function FailedAttemptNote({ delivery, className }: { delivery: Pick<DeliveryListItem, 'failedAttempt'>; className?: string }) {
  const { t } = useTranslation();
  if (!delivery.failedAttempt) return null;
  return (
    <span className={cn('block text-xs user-text text-muted-foreground', className)} data-testid="failed-attempt-note">
      {failedBecauseText(t, delivery.failedAttempt)}
    </span>
  );
}
