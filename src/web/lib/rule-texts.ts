import type { i18n as I18n } from 'i18next';
import { DELIVERY_SLOTS } from '@/shared/eta';
import { RULE_VALUES } from '@/shared/rule-values';
import { FALLBACK_LANGUAGE, intlLocales } from '@/shared/i18n';

/** i18next's types allow a format call without a language. */
const localesOf = (language: string | undefined) => intlLocales(language ?? FALLBACK_LANGUAGE);

/** A slot of whole hours on the Lagos clock, as the reader's language writes a time range ("8:00 AM – 12:00 PM", "08:00–12:00 Uhr"). */
function formatHourRange(value: unknown, language: string | undefined): string {
  const { fromHour, toHour } = value as { fromHour: number; toHour: number };
  // The hours are Lagos clock hours: formatted as UTC they show as given, wherever the reader is.
  const format = new Intl.DateTimeFormat(localesOf(language), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return format.formatRange(Date.UTC(2000, 0, 1, fromHour), Date.UTC(2000, 0, 1, toHour));
}

/**
 * What the app's screens state beyond the published figures: the rules' values (`{{passwordMin, number}}`) and the
 * delivery slots (`{{morningHours, hourRange}}`), as default variables, with the `hourRange` format and the numbers'
 * fallback locale. The app shell adds them before its first screen renders (app/providers.tsx); i18next reads its
 * default variables at each call.
 */
export function addRuleTexts(instance: I18n): I18n {
  const interpolation = (instance.options.interpolation ??= {});
  interpolation.defaultVariables = {
    ...interpolation.defaultVariables,
    ...RULE_VALUES,
    morningHours: DELIVERY_SLOTS.morning,
    afternoonHours: DELIVERY_SLOTS.afternoon,
    eveningHours: DELIVERY_SLOTS.evening,
  };
  const formatter = instance.services.formatter;
  formatter?.add('hourRange', formatHourRange);
  // i18next's own `number` and `currency` with the same fallback as every other figure (docs/decisions/071). The
  // landing page keeps i18next's, which ask for the language alone, to stay within its script budget.
  formatter?.addCached('number', (language, options) => new Intl.NumberFormat(localesOf(language), options).format);
  formatter?.addCached('currency', (language, options) =>
    new Intl.NumberFormat(localesOf(language), { ...options, style: 'currency' }).format,
  );
  return instance;
}
