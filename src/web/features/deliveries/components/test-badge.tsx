import { useTranslation } from 'react-i18next';
import { FlaskConical } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';

/**
 * "Test" on a delivery booked with a test API key (decision 079), wherever it is shown: dashed, with a flask, so it
 * reads apart from every status badge. Nothing for a live delivery.
 */
export function TestBadge({ livemode, className }: { livemode: boolean; className?: string }) {
  const { t } = useTranslation();
  if (livemode) return null;
  return (
    <Badge
      variant="outline"
      className={cn('border-dashed border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-100', className)}
      data-testid="test-badge"
      title={t('deliveries.testMode.badgeTitle')}
    >
      <FlaskConical aria-hidden="true" />
      <span aria-hidden="true">{t('deliveries.testMode.badge')}</span>
      <span className="sr-only">{t('deliveries.testMode.badgeTitle')}</span>
    </Badge>
  );
}
