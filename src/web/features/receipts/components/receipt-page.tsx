import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Loader2, Printer } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import { BrandMark } from '@/web/components/brand-mark';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { ApiError, apiErrorText } from '@/web/lib/api-client';
import { useReceipt } from '../api/receipts';
import { intlLocales } from '@/shared/i18n';
import { formatInstant } from '@/web/lib/lagos-time';

/**
 * /dashboard/receipts/{id}: one numbered receipt, in the account's language (the app's), printable: the print
 * stylesheet (styles.css, `data-receipt`) prints the receipt alone. The VAT line says what the total includes; it
 * never changes the total (decision 057).
 */
export function ReceiptPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const query = useReceipt(id);
  const percent = (value: number) => new Intl.NumberFormat(intlLocales(i18n.language), { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
        <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
        {t('receipts.loading')}
      </p>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className="mx-auto grid w-full max-w-2xl justify-items-start gap-3 rounded-lg border border-destructive/40 p-4">
        <p>{missing ? t('receipts.notFound') : apiErrorText(t, query.error)}</p>
        <Link to="/dashboard/receipts" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {t('receipts.back')}
        </Link>
      </div>
    );
  }
  const receipt = query.data;
  const rows: [string, string][] = [
    [t('receipts.fields.number'), receipt.number],
    [t('receipts.fields.date'), formatInstant(receipt.createdAt, i18n.language, { dateStyle: 'long', timeStyle: 'short' })],
    [t('receipts.fields.kind'), t(`receipts.kinds.${receipt.kind}`)],
    [t('receipts.fields.customer'), [receipt.customer.name, receipt.customer.email ?? receipt.customer.phone].filter(Boolean).join(' · ')],
    ...(receipt.deliveryId ? [[t('receipts.fields.delivery'), [receipt.deliveryId, receipt.trackingId].filter(Boolean).join(' · ')] as [string, string]] : []),
    ...(receipt.method ? [[t('receipts.fields.method'), t(`receipts.methods.${receipt.method}`)] as [string, string]] : []),
    ...(receipt.reason ? [[t('receipts.fields.reason'), receipt.reason] as [string, string]] : []),
    ...(receipt.transferReference ? [[t('receipts.fields.transferReference'), receipt.transferReference] as [string, string]] : []),
  ];
  return (
    <div className="mx-auto grid w-full max-w-2xl min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/dashboard/receipts" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" />
          {t('receipts.back')}
        </Link>
        <Button variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          {t('receipts.print')}
        </Button>
      </div>
      <article data-receipt="" aria-labelledby="receipt-title" className="grid min-w-0 gap-5 rounded-lg border bg-card p-4 text-card-foreground sm:p-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-center gap-2">
            <BrandMark className="size-8" />
            <span className="text-sm text-muted-foreground">{t('receipts.issuer')}</span>
          </div>
          <h2 id="receipt-title" className="text-xl font-bold tracking-tight break-words">
            {t('receipts.title', { number: receipt.number })}
          </h2>
        </header>
        <dl className="grid min-w-0 gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="user-text">{value}</dd>
            </div>
          ))}
        </dl>
        <dl className="grid min-w-0 gap-x-4 gap-y-2 border-t pt-4 sm:grid-cols-[minmax(0,1fr)_auto]">
          {receipt.cod ? (
            // A pay-on-delivery settlement: its lines, the VAT being only the fee's (decision 053).
            <>
              <dt className="text-sm text-muted-foreground">{t('cod.terms.amount')}</dt>
              <dd className="tabular-nums sm:text-right" data-testid="receipt-cod-collected">
                {formatNaira(receipt.cod.collectedKobo)}
              </dd>
              <dt className="text-sm text-muted-foreground">{t('cod.terms.fee')}</dt>
              <dd className="tabular-nums sm:text-right" data-testid="receipt-cod-fee">
                {formatNaira(-receipt.cod.feeKobo)}
              </dd>
              <dt className="pl-4 text-sm text-muted-foreground">{t('receipts.fields.feeVat', { rate: percent(receipt.vatPercent) })}</dt>
              <dd className="tabular-nums text-muted-foreground sm:text-right" data-testid="receipt-vat">
                {formatNaira(receipt.vatKobo)}
              </dd>
              <dt className="text-sm text-muted-foreground">{t('receipts.fields.reserveBack')}</dt>
              <dd className="tabular-nums sm:text-right" data-testid="receipt-cod-reserve">
                {formatNaira(receipt.cod.reserveKobo)}
              </dd>
            </>
          ) : receipt.vatPercent > 0 ? (
            <>
              <dt className="text-sm text-muted-foreground">{t('receipts.fields.net')}</dt>
              <dd className="tabular-nums sm:text-right">{formatNaira(receipt.amountKobo - (receipt.reserveKobo ?? 0) - receipt.vatKobo)}</dd>
              <dt className="text-sm text-muted-foreground">{t('receipts.fields.vat', { rate: percent(receipt.vatPercent) })}</dt>
              <dd className="tabular-nums sm:text-right" data-testid="receipt-vat">
                {formatNaira(receipt.vatKobo)}
              </dd>
              {receipt.reserveKobo !== null && (
                // A pay-on-delivery order's return reserve: a deposit inside the total, with no VAT (decision 080).
                <>
                  <dt className="text-sm text-muted-foreground">{t('receipts.fields.reserve')}</dt>
                  <dd className="tabular-nums sm:text-right" data-testid="receipt-reserve">
                    {formatNaira(receipt.reserveKobo)}
                  </dd>
                </>
              )}
            </>
          ) : null}
          <dt className="font-semibold">{receipt.cod ? t('receipts.fields.credited') : t('receipts.fields.amount')}</dt>
          <dd className="text-lg font-bold tabular-nums sm:text-right" data-testid="receipt-total">
            {formatNaira(receipt.amountKobo)}
          </dd>
          {receipt.balanceAfterKobo !== null && (
            <>
              <dt className="text-sm text-muted-foreground">{t('receipts.fields.balance')}</dt>
              <dd className="tabular-nums sm:text-right">{formatNaira(receipt.balanceAfterKobo)}</dd>
            </>
          )}
        </dl>
        {/* Printed with the receipt (the page's banner is not): a sandbox deployment's receipt records no real money. */}
        <p className="test-mode-banner rounded-md border border-amber-300 bg-accent px-3 py-2 text-sm text-accent-foreground" data-testid="receipt-test-mode">
          <strong>{t('testMode.title')}</strong> {t('testMode.body')}
        </p>
        <p className="text-sm text-muted-foreground">
          {receipt.cod
            ? t('receipts.codVatNote')
            : receipt.vatPercent > 0
              ? t(receipt.reserveKobo !== null ? 'receipts.reserveNote' : 'receipts.totalsNote')
              : t(receipt.kind === 'card-credited' ? 'receipts.noVatNotApplied' : 'receipts.noVat')}
        </p>
      </article>
    </div>
  );
}
