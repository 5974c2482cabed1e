import { intlLocales } from '@/shared/i18n';

/** Date and time in the reader's language; the raw value if it is not a date. */
export function formatDateTime(iso: string, language: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(intlLocales(language), { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
