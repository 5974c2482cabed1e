import { intlLocales } from '@/shared/i18n';

/**
 * The figures the public pages publish about the network (the landing page, Become a Partner), by the name their
 * texts use: `{{activePartners, number}}`. They are claims the business makes, not rules the code enforces; they
 * live here once so every language states the same figure, written by Intl in the reader's way (5,000 / 5 000 /
 * 5.000; ₦2.5M / 2,5 Mio. ₦; 12% / 12 %). Update them here when the business updates its claims.
 */
export const PUBLISHED_FIGURES = {
  activePartners: 5_000,
  partnerMonthlyEarningsNaira: 2_500_000,
  partnerTopMonthlyEarningsNaira: 200_000,
  monthlyDeliveries: 50_000,
  largestLoadTonnes: 30,
  fastestCityDeliveryMinutes: 45,
  investmentReturnMin: 0.12,
  investmentReturnMax: 0.18,
  investmentLockMonths: 12,
  // The bounds of the initial capital ranges an investment partner chooses from (INITIAL_CAPITAL_RANGES).
  initialCapitalLow: 100_000,
  initialCapitalMid: 500_000,
  initialCapitalHigh: 1_000_000,
  initialCapitalTop: 5_000_000,
} as const;

export type PublishedStat = 'partners' | 'earnings' | 'deliveries' | 'support';

/**
 * The stat cards' big figures in `language`: counts grouped or shortened as the language does ("5,000+", "50K+",
 * "50 k+"), naira shortened ("₦2.5M", "2,5 M ₦"). Round-the-clock support is a brand line, the same everywhere.
 */
export function formatPublishedStat(stat: PublishedStat, language: string): string {
  switch (stat) {
    case 'partners':
      return `${new Intl.NumberFormat(intlLocales(language)).format(PUBLISHED_FIGURES.activePartners)}+`;
    case 'earnings':
      return new Intl.NumberFormat(intlLocales(language), { style: 'currency', currency: 'NGN', currencyDisplay: 'narrowSymbol', notation: 'compact' }).format(
        PUBLISHED_FIGURES.partnerMonthlyEarningsNaira,
      );
    case 'deliveries':
      return `${new Intl.NumberFormat(intlLocales(language), { notation: 'compact' }).format(PUBLISHED_FIGURES.monthlyDeliveries)}+`;
    case 'support':
      return '24/7';
  }
}
