import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNaira } from '@/shared/money';
import { codTermsOf, priceTrip, sameDayMaxMeters, type RateCard } from '@/shared/pricing';
import { TRANSPORT_MODES, type TransportMode } from '@/shared/schemas/deliveries';
import { buttonVariants } from '@/web/components/ui/button';
import { apiErrorText } from '@/web/lib/api-client';
import { formatKilometres, formatSpeed } from '@/web/lib/units';
import { useRateCard } from '../api/get-rate-card';
import { intlLocales } from '@/shared/i18n';

/** The worked examples: trips a reader can check by hand against the tables. */
const EXAMPLES = [
  { mode: 'bike', distanceMeters: 5_000 },
  { mode: 'car', distanceMeters: 12_000 },
] as const satisfies readonly { mode: TransportMode; distanceMeters: number }[];

/** What the straight-line example of the road factor measures. */
const STRAIGHT_LINE_METERS = 10_000;

/** Column headings wrap (they are long in some languages); row headings and figures stay on one line. */
const headCell = 'px-3 py-2 text-left align-bottom font-semibold';
const rowHeadCell = 'px-3 py-2 text-left align-top font-semibold whitespace-nowrap';
/** The first column stays in view while a narrow screen scrolls the rest of the table. */
const stickyFirst = 'sticky left-0 z-10';
const bodyCell = 'px-3 py-2 align-top whitespace-nowrap tabular-nums';

/** /rates: the public tariff (GET /api/rate-card), as tables anyone can check a price against. */
export function RatesPage() {
  const { t, i18n } = useTranslation();
  const query = useRateCard();

  return (
    <div className="px-4 py-12 lg:py-16">
      <title>{`${t('rates.title')} · ${t('common.appName')}`}</title>
      <div className="mx-auto grid max-w-6xl min-w-0 gap-12">
        <header className="grid max-w-3xl gap-3">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{t('rates.tag')}</p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('rates.title')}</h1>
          <p className="text-lg text-muted-foreground">{t('rates.subtitle')}</p>
          {query.data && <EffectiveDate version={query.data.version} language={i18n.language} />}
        </header>

        {query.isPending ? (
          <p role="status" aria-live="polite" className="text-muted-foreground">
            {t('rates.loading')}
          </p>
        ) : query.isError ? (
          <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/40 p-4">
            <p className="font-semibold">{t('rates.loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{apiErrorText(t, query.error)}</p>
            <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} onClick={() => void query.refetch()}>
              {t('rates.retry')}
            </button>
          </div>
        ) : (
          <RateCardView rateCard={query.data} language={i18n.language} />
        )}
        {/* GeoNames' licence (CC BY 4.0) asks for this credit where its data is used (decision 043). */}
        <p className="text-xs text-muted-foreground">{t('rates.placesSource')}</p>
      </div>
    </div>
  );
}

function EffectiveDate({ version, language }: { version: string; language: string }) {
  const { t } = useTranslation();
  // The version is the day the tariff took effect; anything else is not a date to show.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) return null;
  const date = new Intl.DateTimeFormat(intlLocales(language), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.parse(`${version}T00:00:00Z`));
  return <p className="text-sm text-muted-foreground">{t('rates.effective', { date })}</p>;
}

function RateCardView({ rateCard, language }: { rateCard: RateCard; language: string }) {
  const { t } = useTranslation();
  const km = (meters: number) => formatKilometres(meters, language);
  const included = km(rateCard.includedMeters);

  const fees = [
    { key: 'distanceFee', amount: rateCard.distanceFee, params: { km: included } },
    { key: 'serviceFee', amount: rateCard.serviceFee },
    { key: 'heavy', amount: rateCard.heavySurcharge },
    { key: 'express', amount: rateCard.expressSurcharge },
    { key: 'electronics', amount: rateCard.electronicsSurcharge },
    { key: 'interstate', amount: rateCard.interstateFee },
  ] as const;
  const when = (fee: (typeof fees)[number]) => t(`rates.fees.items.${fee.key}.when`, 'params' in fee ? fee.params : {});

  return (
    <>
      <section aria-labelledby="rates-modes-title" className="grid min-w-0 gap-4">
        <h2 id="rates-modes-title" className="text-2xl font-semibold">
          {t('rates.modes.title')}
        </h2>
        <ScrollingTable captionId="rates-modes-caption" caption={t('rates.modes.caption')} testId="rates-modes">
          <thead className="border-b border-border bg-muted">
            <tr>
              <th scope="col" className={`${headCell} ${stickyFirst} bg-muted`}>
                {t('rates.modes.columns.mode')}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t('rates.modes.columns.baseFare')}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t('rates.modes.columns.perKm', { km: included })}
              </th>
              <th scope="col" className={headCell}>
                {t('rates.modes.columns.longestTrip')}
              </th>
              <th scope="col" className={headCell}>
                {t('rates.modes.columns.interstate')}
              </th>
              <th scope="col" className={headCell}>
                {t('rates.modes.columns.sameDay')}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t('rates.modes.columns.citySpeed')}
              </th>
              <th scope="col" className={`${headCell} text-right`}>
                {t('rates.modes.columns.highwaySpeed')}
              </th>
            </tr>
          </thead>
          <tbody>
            {TRANSPORT_MODES.map((mode) => {
              const rates = rateCard.modes[mode];
              return (
                <tr key={mode} data-mode={mode} className="border-b border-border last:border-0">
                  <th scope="row" className={`${rowHeadCell} ${stickyFirst} bg-background`}>
                    {t(`booking.options.transportMode.${mode}`)}
                  </th>
                  <td className={`${bodyCell} text-right`}>{formatNaira(rates.baseFare)}</td>
                  <td className={`${bodyCell} text-right`}>{formatNaira(rates.perKm)}</td>
                  <td className={bodyCell}>{rates.maxMeters === null ? t('rates.modes.noLimit') : t('rates.modes.upTo', { distance: km(rates.maxMeters) })}</td>
                  <td className={bodyCell}>{rates.interstate ? t('rates.yes') : t('rates.no')}</td>
                  <td className={bodyCell}>{t('rates.modes.upTo', { distance: km(sameDayMaxMeters(rateCard, mode)) })}</td>
                  <td className={`${bodyCell} text-right`}>{formatSpeed(rates.cityKmh, language)}</td>
                  <td className={`${bodyCell} text-right`}>{formatSpeed(rates.highwayKmh, language)}</td>
                </tr>
              );
            })}
          </tbody>
        </ScrollingTable>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('rates.modes.sameDayNote')}</p>
      </section>

      <section aria-labelledby="rates-fees-title" className="grid min-w-0 gap-4">
        <h2 id="rates-fees-title" className="text-2xl font-semibold">
          {t('rates.fees.title')}
        </h2>
        <ScrollingTable captionId="rates-fees-caption" caption={t('rates.fees.caption')} testId="rates-fees">
          <FeeColumns />
          <tbody>
            {fees.map((fee) => (
              <tr key={fee.key} className="border-b border-border last:border-0">
                <th scope="row" className="px-3 py-2 text-left align-top font-semibold">
                  {t(`rates.fees.items.${fee.key}.name`)}
                  {/* On a phone the third column would scroll out of sight: its words go under the name. */}
                  <span className="block text-xs font-normal text-muted-foreground sm:hidden">{when(fee)}</span>
                </th>
                <td className={`${bodyCell} text-right`}>{formatNaira(fee.amount)}</td>
                <td className="hidden px-3 py-2 align-top sm:table-cell">{when(fee)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      </section>

      <PayOnDeliveryRates rateCard={rateCard} language={language} />

      <section aria-labelledby="rates-distance-title" className="grid max-w-3xl gap-3">
        <h2 id="rates-distance-title" className="text-2xl font-semibold">
          {t('rates.distance.title')}
        </h2>
        <p>
          {t('rates.distance.roadFactor', {
            factor: new Intl.NumberFormat(intlLocales(language)).format(rateCard.roadFactor),
            straight: km(STRAIGHT_LINE_METERS),
            road: km(STRAIGHT_LINE_METERS * rateCard.roadFactor),
          })}
        </p>
        <p>{t('rates.distance.perKm', { km: included })}</p>
      </section>

      <section aria-labelledby="rates-estimates-title" className="grid max-w-3xl gap-3">
        <h2 id="rates-estimates-title" className="text-2xl font-semibold">
          {t('rates.estimates.title')}
        </h2>
        <p>{t('rates.estimates.speeds', { km: km(rateCard.cityMeters) })}</p>
        <p>{t('rates.estimates.interstate', { hours: rateCard.drivingHoursPerDay })}</p>
      </section>

      <section aria-labelledby="rates-examples-title" className="grid min-w-0 gap-4">
        <h2 id="rates-examples-title" className="text-2xl font-semibold">
          {t('rates.examples.title')}
        </h2>
        <p className="text-muted-foreground">{t('rates.examples.assumptions')}</p>
        <div className="grid min-w-0 gap-6 md:grid-cols-2">
          {EXAMPLES.map((example) => (
            <WorkedExample key={example.mode} rateCard={rateCard} language={language} {...example} />
          ))}
        </div>
      </section>
    </>
  );
}

/** The worked pay-on-delivery example of issue 22: ₦20,000 collected on a ₦3,000 delivery. */
const COD_EXAMPLE = { amountKobo: 2_000_000, deliveryFeeKobo: 300_000 } as const;

/** Pay on delivery (decision 053): its fee, the amounts it takes, and the return reserve and fee, from the rate card. */
function PayOnDeliveryRates({ rateCard, language }: { rateCard: RateCard; language: string }) {
  const { t } = useTranslation();
  const { cod } = rateCard;
  const percent = (basisPoints: number) => new Intl.NumberFormat(intlLocales(language), { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
  const returnShare = percent(cod.returnSharePercent * 100);
  const rows = [
    { key: 'fee', value: t('rates.cod.items.fee.value', { percent: percent(cod.feeBasisPoints), min: formatNaira(cod.minFeeKobo) }) },
    { key: 'bounds', value: t('rates.cod.items.bounds.value', { min: formatNaira(cod.minAmountKobo), max: formatNaira(cod.maxAmountKobo) }) },
    { key: 'reserve', value: t('rates.cod.items.reserve.value', { percent: returnShare }) },
    { key: 'returnFee', value: t('rates.cod.items.returnFee.value', { percent: returnShare }) },
  ] as const;
  const example = codTermsOf(rateCard, COD_EXAMPLE.deliveryFeeKobo, COD_EXAMPLE.amountKobo);

  return (
    <section aria-labelledby="rates-cod-title" className="grid min-w-0 gap-4">
      <h2 id="rates-cod-title" className="text-2xl font-semibold">
        {t('rates.cod.title')}
      </h2>
      <p className="max-w-3xl">{t('rates.cod.intro')}</p>
      <ScrollingTable captionId="rates-cod-caption" caption={t('rates.cod.caption')} testId="rates-cod">
        <FeeColumns />
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-border last:border-0" data-cod={row.key}>
              <th scope="row" className="px-3 py-2 text-left align-top font-semibold">
                {t(`rates.cod.items.${row.key}.name`)}
                <span className="block text-xs font-normal text-muted-foreground sm:hidden">{t(`rates.cod.items.${row.key}.when`)}</span>
              </th>
              {/* The figures may wrap on a phone (a sentence in some languages), never widen the page. */}
              <td className="px-3 py-2 text-right align-top tabular-nums">{row.value}</td>
              <td className="hidden px-3 py-2 align-top sm:table-cell">{t(`rates.cod.items.${row.key}.when`)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
      <p className="max-w-3xl text-sm text-muted-foreground" data-testid="rates-cod-example">
        {t('rates.cod.example', {
          amount: formatNaira(example.amountKobo),
          fee: formatNaira(COD_EXAMPLE.deliveryFeeKobo),
          settled: formatNaira(example.settledKobo),
          reserve: formatNaira(example.reserveKobo),
        })}
      </p>
    </section>
  );
}

function WorkedExample({
  rateCard,
  language,
  mode,
  distanceMeters,
}: {
  rateCard: RateCard;
  language: string;
  mode: TransportMode;
  distanceMeters: number;
}) {
  const { t } = useTranslation();
  const km = (meters: number) => formatKilometres(meters, language);
  const price = priceTrip(rateCard, { distanceMeters, interstate: false }, { packageType: 'documents', packageWeight: 'light', transportMode: mode, deliveryType: 'standard' });
  const beyondMeters = Math.max(0, distanceMeters - rateCard.includedMeters);
  const rows = [
    { key: 'baseFare', amount: price.baseFare, detail: null },
    {
      key: 'distanceFee',
      amount: price.distanceFee,
      detail:
        beyondMeters > 0
          ? t('rates.examples.distanceDetail', {
              included: formatNaira(rateCard.distanceFee),
              beyond: km(beyondMeters),
              perKm: formatNaira(rateCard.modes[mode].perKm),
            })
          : t('rates.examples.distanceIncluded', { km: km(rateCard.includedMeters) }),
    },
    { key: 'serviceFee', amount: price.serviceFee, detail: null },
  ] as const;

  return (
    <div className="min-w-0 rounded-xl border border-border" data-testid={`rates-example-${mode}`}>
      <table className="w-full text-sm">
        <caption className="px-4 pt-4 pb-2 text-left text-base font-semibold">
          {t(`rates.examples.${mode}`, { distance: km(distanceMeters) })}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('rates.examples.columns.charge')}</th>
            <th scope="col">{t('rates.examples.columns.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-border">
              <th scope="row" className="px-4 py-2 text-left align-top font-normal">
                {t(`rates.examples.rows.${row.key}`)}
                {row.detail && <span className="block text-xs text-muted-foreground">{row.detail}</span>}
              </th>
              <td className="px-4 py-2 text-right align-top whitespace-nowrap tabular-nums">{formatNaira(row.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-border">
            <th scope="row" className="px-4 py-3 text-left font-semibold">
              {t('rates.examples.rows.total')}
            </th>
            <td className="px-4 py-3 text-right font-semibold whitespace-nowrap tabular-nums" data-testid="example-total">
              {formatNaira(price.total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/**
 * A wide table scrolls sideways inside its own box at 360 px instead of widening the page; the box is a named,
 * focusable region so keyboard users can scroll it too.
 */
/** The columns of the fees and pay-on-delivery tables: a fee, its amount, and (from tablet width) what it applies to. */
function FeeColumns() {
  const { t } = useTranslation();
  return (
    <thead className="border-b border-border bg-muted">
      <tr>
        <th scope="col" className={headCell}>
          {t('rates.fees.columns.fee')}
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          {t('rates.fees.columns.amount')}
        </th>
        <th scope="col" className={`${headCell} hidden sm:table-cell`}>
          {t('rates.fees.columns.appliesTo')}
        </th>
      </tr>
    </thead>
  );
}

function ScrollingTable({ captionId, caption, testId, children }: { captionId: string; caption: string; testId: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="max-w-full min-w-0 overflow-x-auto rounded-xl border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <table className="w-full text-sm" data-testid={testId}>
        {/* A caption is as wide as its table: on narrow screens it would scroll away half-read, so there it is
            only the table's name for assistive technology (the section's heading says it for everyone). */}
        <caption id={captionId} className="sr-only text-left text-sm text-muted-foreground lg:not-sr-only">
          <span className="block px-3 pt-3 pb-2">{caption}</span>
        </caption>
        {children}
      </table>
    </div>
  );
}
