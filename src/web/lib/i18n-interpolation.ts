import type { i18n as I18n, InterpolationOptions } from 'i18next';
import { DELIVERY_SLOTS } from '@/shared/eta';
import { RULE_VALUES } from '@/shared/rule-values';
import { PUBLISHED_FIGURES } from './published-figures';

/**
 * How every i18next instance of the web fills texts: React escapes, so i18next does not; the rules' values
 * (`{{passwordMin, number}}`), the delivery slots (`{{morningHours, hourRange}}`) and the published figures are
 * default variables, so a text states a limit or a figure without each caller passing it.
 */
export const I18N_INTERPOLATION: InterpolationOptions = {
  escapeValue: false,
  defaultVariables: {
    ...RULE_VALUES,
    ...PUBLISHED_FIGURES,
    morningHours: DELIVERY_SLOTS.morning,
    afternoonHours: DELIVERY_SLOTS.afternoon,
    eveningHours: DELIVERY_SLOTS.evening,
  },
};

/** A slot of whole hours on the Lagos clock, as the reader's language writes a time range ("8:00 AM – 12:00 PM", "08:00–12:00 Uhr"). */
function formatHourRange(value: unknown, language: string | undefined): string {
  const { fromHour, toHour } = value as { fromHour: number; toHour: number };
  // The hours are Lagos clock hours: formatted as UTC they show as given, wherever the reader is.
  const format = new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return format.formatRange(Date.UTC(2000, 0, 1, fromHour), Date.UTC(2000, 0, 1, toHour));
}

/** Adds the formats the texts use beyond i18next's own (`number`, `currency`); call right after `init`. */
export function addTextFormats(instance: I18n): I18n {
  instance.services.formatter?.add('hourRange', formatHourRange);
  return instance;
}
