import type { InterpolationOptions } from 'i18next';
import { PUBLISHED_FIGURES } from './published-figures';

/**
 * How every i18next instance of the web fills texts: React escapes, so i18next does not; the published figures
 * (`{{activePartners, number}}`) are default variables, so a text states a figure without each caller passing it.
 * The rules' values and the delivery slots, which only the app's screens state, join them with `addRuleTexts`
 * (lib/rule-texts.ts), so the landing page does not carry them (docs/decisions/066).
 */
export const I18N_INTERPOLATION: InterpolationOptions = {
  escapeValue: false,
  defaultVariables: { ...PUBLISHED_FIGURES },
};
