import { useTranslation } from 'react-i18next';
import {
  codTermsOf,
  INITIAL_ESTIMATE_KOBO,
  modeUnavailability,
  priceTrip,
  type PriceOptions,
  type RateCard,
  type Trip,
} from '@/shared/pricing';
import { TRANSPORT_MODES } from '@/shared/schemas/deliveries';
import { Badge } from '@/web/components/ui/badge';
import { Card, CardContent } from '@/web/components/ui/card';
import { formatKilometres } from '@/web/lib/units';
import { formatNaira } from '../lib/format';
import { CodTerms } from './cod-terms';
import { PriceBreakdown } from './delivery-summary';

export interface PriceEstimateProps {
  rateCard: RateCard;
  /** Null until both places are known. */
  trip: Trip | null;
  options: Partial<PriceOptions>;
  /** Pay on delivery is switched on: the amount to collect, or null while it is not a valid one. */
  cod?: { amountKobo: number | null };
}

/**
 * The live estimate, priced by the same shared functions and rate card as the server. Options not chosen yet
 * add nothing, and the vehicle defaults to the first one that takes the trip.
 */
export function PriceEstimate({ rateCard, trip, options, cod }: PriceEstimateProps) {
  const { t, i18n } = useTranslation();
  if (!trip) {
    return (
      <Card className="gap-2 border-primary/30 bg-primary/5">
        <CardContent className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">{t('booking.estimate.title')}</p>
          <p className="text-3xl font-bold text-foreground" aria-live="polite" data-testid="price-estimate">
            {formatNaira(INITIAL_ESTIMATE_KOBO)}
          </p>
          <p className="text-sm text-muted-foreground">{t('booking.estimate.subtitle')}</p>
        </CardContent>
      </Card>
    );
  }

  const deliveryType = options.deliveryType ?? 'standard';
  const isChosenModeAvailable =
    options.transportMode !== undefined &&
    modeUnavailability(rateCard, trip, options.transportMode, deliveryType) === null;
  const mode = isChosenModeAvailable
    ? options.transportMode
    : TRANSPORT_MODES.find((candidate) => modeUnavailability(rateCard, trip, candidate, deliveryType) === null);
  const price =
    mode &&
    priceTrip(rateCard, trip, {
      packageType: options.packageType ?? 'other',
      packageWeight: options.packageWeight ?? 'light',
      transportMode: mode,
      deliveryType,
    });
  const isComplete =
    isChosenModeAvailable &&
    options.packageType !== undefined &&
    options.packageWeight !== undefined &&
    options.deliveryType !== undefined;
  const distance = formatKilometres(trip.distanceMeters, i18n.language);

  return (
    <Card className="gap-2 border-primary/30 bg-primary/5">
      <CardContent className="grid gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-medium text-muted-foreground">{t('booking.estimate.title')}</p>
          {price ? (
            <p className="text-3xl font-bold text-foreground" aria-live="polite" data-testid="price-estimate">
              {formatNaira(price.total)}
            </p>
          ) : (
            <p className="text-sm font-medium text-destructive" role="status">
              {t('booking.estimate.noVehicle')}
            </p>
          )}
          {!isComplete && price && <p className="text-sm text-muted-foreground">{t('booking.estimate.partial')}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{t('booking.estimate.distance')}</span>
          <span className="font-semibold tabular-nums" data-testid="trip-distance">
            {distance}
          </span>
          {trip.interstate && (
            <Badge variant="info" data-testid="trip-interstate">
              {t('booking.estimate.interstate')}
            </Badge>
          )}
        </div>
        {price && <PriceBreakdown price={price} />}
        {price &&
          cod &&
          (cod.amountKobo === null ? (
            <p className="border-t border-border pt-3 text-sm text-muted-foreground" data-testid="cod-terms-hint">
              {t('cod.terms.enterAmount')}
            </p>
          ) : (
            <CodTerms terms={codTermsOf(rateCard, price.total, cod.amountKobo)} deliveryFeeKobo={price.total} />
          ))}
      </CardContent>
    </Card>
  );
}
