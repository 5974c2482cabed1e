import { intlLocales } from '@/shared/i18n';

/**
 * Every instant the app shows is Lagos time (WAT), wherever the reader's device is set: the delivery slots, the
 * receipts and the exports are, and one event must not show two times on two screens.
 */
export const LAGOS_TIME_ZONE = 'Africa/Lagos';

type InstantStyle = Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>;

/** An instant in Lagos time, in the reader's language; the raw value if it is not a date. */
export function formatInstant(iso: string, language: string, style: InstantStyle): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(intlLocales(language), { ...style, timeZone: LAGOS_TIME_ZONE }).format(time);
}

export const formatDateTime = (iso: string, language: string) => formatInstant(iso, language, { dateStyle: 'medium', timeStyle: 'short' });

export const formatTime = (iso: string, language: string) => formatInstant(iso, language, { timeStyle: 'short' });
