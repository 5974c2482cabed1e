import { HOME_COUNT_CAP } from '@/shared/schemas/dispatch';
import { intlLocales } from '@/shared/i18n';

/**
 * A role home's count as shown (decision 060): the server stops counting at HOME_COUNT_CAP, so a count that reached
 * it reads "999+"; anything below is the number, in the reader's digits.
 */
export function formatHomeCount(count: number, language: string): string {
  const format = new Intl.NumberFormat(intlLocales(language));
  return count >= HOME_COUNT_CAP ? `${format.format(HOME_COUNT_CAP - 1)}+` : format.format(count);
}
