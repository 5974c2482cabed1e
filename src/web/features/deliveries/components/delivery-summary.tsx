import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Delivery } from '@/shared/schemas/deliveries';
import { LANGUAGE_NAMES } from '@/shared/i18n';
import { formatCalendarDate, formatNaira } from '../lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium user-text">{children}</dd>
    </div>
  );
}

/** Every booking detail the customer entered, with translated option labels. */
export function DeliveryDetails({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="grid gap-3">
      <Row label={t('booking.fields.receiverName')}>{delivery.receiverName}</Row>
      <Row label={t('booking.fields.receiverPhone')}>{delivery.receiverPhone}</Row>
      <Row label={t('booking.fields.receiverLanguage')}>
        <span lang={delivery.receiverLanguage}>{LANGUAGE_NAMES[delivery.receiverLanguage]}</span>
      </Row>
      <Row label={t('booking.fields.pickupLocation')}>{delivery.pickupLocation}</Row>
      <Row label={t('booking.fields.dropoffLocation')}>{delivery.dropoffLocation}</Row>
      <Row label={t('booking.fields.packageType')}>{t(`booking.options.packageType.${delivery.packageType}`)}</Row>
      <Row label={t('booking.fields.packageWeight')}>{t(`booking.options.packageWeight.${delivery.packageWeight}`)}</Row>
      <Row label={t('booking.fields.transportMode')}>{t(`booking.options.transportMode.${delivery.transportMode}`)}</Row>
      <Row label={t('booking.fields.deliveryType')}>{t(`booking.options.deliveryType.${delivery.deliveryType}`)}</Row>
      <Row label={t('booking.fields.deliveryTime')}>{t(`booking.options.deliveryTime.${delivery.deliveryTime}`)}</Row>
      <Row label={t('booking.fields.deliveryDate')}>{formatCalendarDate(delivery.deliveryDate, i18n.language)}</Row>
      <Row label={t('booking.fields.description')}>{delivery.description || t('booking.noDescription')}</Row>
    </dl>
  );
}

export function PriceBreakdown({ price }: { price: Delivery['price'] }) {
  const { t } = useTranslation();
  const rows = [
    ['baseFare', price.baseFare],
    ['distanceFee', price.distanceFee],
    ['serviceFee', price.serviceFee],
  ] as const;
  return (
    <dl className="grid gap-2">
      {rows.map(([key, amount]) => (
        <div key={key} className="flex items-center justify-between gap-4 text-sm">
          <dt className="text-muted-foreground">{t(`booking.breakdown.${key}`)}</dt>
          <dd className="font-medium tabular-nums">{formatNaira(amount)}</dd>
        </div>
      ))}
      <div className="mt-1 flex items-center justify-between gap-4 border-t border-border pt-3">
        <dt className="font-semibold">{t('booking.breakdown.total')}</dt>
        <dd className="text-lg font-bold tabular-nums" data-testid="price-total">
          {formatNaira(price.total)}
        </dd>
      </div>
    </dl>
  );
}
