import { useTranslation } from 'react-i18next';
import { estimateDelivery, type PriceInput } from '@/shared/pricing';
import { Card, CardContent } from '@/web/components/ui/card';
import { formatNaira } from '../lib/format';

/** The live estimate: the spec's pricing from src/shared, the same function the server prices with. */
export function PriceEstimate({ input }: { input: Partial<PriceInput> }) {
  const { t } = useTranslation();
  return (
    <Card className="gap-2 border-primary/30 bg-primary/5">
      <CardContent className="grid gap-1">
        <p className="text-sm font-medium text-muted-foreground">{t('booking.estimate.title')}</p>
        <p className="text-3xl font-bold text-foreground" aria-live="polite" data-testid="price-estimate">
          {formatNaira(estimateDelivery(input))}
        </p>
        <p className="text-sm text-muted-foreground">{t('booking.estimate.subtitle')}</p>
      </CardContent>
    </Card>
  );
}
