import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodTerms as Terms } from '@/shared/pricing';
import { codPaymentStateOf, type DeliveryListItem } from '@/shared/schemas/deliveries';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/cn';
import { formatNaira } from '../lib/format';

export interface CodTermsProps {
  terms: Terms;
  /** The delivery fee, paid now with the reserve. */
  deliveryFeeKobo: number;
  /** Whether the receiver has paid (a saved order); undefined while booking. */
  paidAt?: string | null;
  className?: string;
}

/**
 * A pay-on-delivery order's money (decision 053): what the receiver pays by link, the fee kept from it, what the
 * shipper receives on hand-over, the return reserve paid now, and so what paying the booking charges.
 */
export function CodTerms({ terms, deliveryFeeKobo, paidAt, className }: CodTermsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const rows = [
    { key: 'amount', amount: terms.amountKobo },
    { key: 'fee', amount: -terms.feeKobo },
    { key: 'settled', amount: terms.settledKobo },
    { key: 'reserve', amount: terms.reserveKobo },
  ] as const;
  return (
    <section
      className={cn('grid gap-2 border-t border-border pt-3', className)}
      aria-labelledby={titleId}
      data-testid="cod-terms"
    >
      <h4 id={titleId} className="flex flex-wrap items-center justify-between gap-2 text-sm font-semibold">
        {t('cod.terms.title')}
        {paidAt !== undefined && <CodPaidBadge paid={paidAt !== null} />}
      </h4>
      <dl className="grid gap-2">
        {rows.map(({ key, amount }) => (
          <div key={key} className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5 text-sm">
            <dt className="text-muted-foreground">{t(`cod.terms.${key}`)}</dt>
            <dd className="font-medium whitespace-nowrap tabular-nums" data-testid={`cod-${key}`}>
              {formatNaira(amount)}
            </dd>
            {key === 'reserve' && <dd className="col-span-2 text-xs text-muted-foreground">{t('cod.terms.reserveNote')}</dd>}
          </div>
        ))}
        <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-border pt-3">
          <dt className="min-w-0 font-semibold">{t('cod.terms.payNow')}</dt>
          <dd className="text-lg font-bold whitespace-nowrap tabular-nums" data-testid="cod-pay-now">
            {formatNaira(deliveryFeeKobo + terms.reserveKobo)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * A listed order's pay-on-delivery amount and, once the booking is paid, whether the receiver has paid; a dash for a
 * prepaid order (My Deliveries' column and its phone cards).
 */
export function CodListValue({ delivery }: { delivery: Pick<DeliveryListItem, 'cod' | 'paidAt' | 'status'> }) {
  const { t } = useTranslation();
  const { cod } = delivery;
  if (!cod) {
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t('cod.prepaid')}</span>
      </>
    );
  }
  // The shared rule: nothing to pay before the booking is paid, once cancelled, or once the parcel goes back.
  const state = delivery.paidAt === null ? null : codPaymentStateOf(delivery.status, cod.paidAt !== null);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1" data-testid="cod-value">
      <span className="tabular-nums">{formatNaira(cod.amountKobo)}</span>
      {/* "Paiement en attente" and its like wrap in a phone's narrow column rather than push the card wider. */}
      {state && <CodPaidBadge paid={state === 'paid'} className="whitespace-normal" />}
    </span>
  );
}

/** "Paid" once the receiver has paid into escrow, else "Awaiting payment". */
export function CodPaidBadge({ paid, className }: { paid: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant={paid ? 'success' : 'warning'} className={className} data-testid="cod-state">
      {paid ? t('cod.state.paid') : t('cod.state.awaiting')}
    </Badge>
  );
}
