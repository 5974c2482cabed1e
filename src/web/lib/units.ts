import { intlLocales } from '@/shared/i18n';

/** Distances, speeds and ratings in the reader's language (Intl: "12.4 km", "12,4 km", "22 km/h", "4,5"). */
export function formatKilometres(meters: number, language: string): string {
  return new Intl.NumberFormat(intlLocales(language), { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 }).format(meters / 1000);
}

export function formatSpeed(kmh: number, language: string): string {
  return new Intl.NumberFormat(intlLocales(language), { style: 'unit', unit: 'kilometer-per-hour', maximumFractionDigits: 0 }).format(kmh);
}

/** A driver's average rating with one decimal, as the reader writes decimals ("4.5", "4,5"). */
export function formatRating(rating: number, language: string): string {
  return new Intl.NumberFormat(intlLocales(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}
