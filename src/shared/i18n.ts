export const LANGUAGES = ['en-US', 'es', 'fr', 'de', 'pt', 'yo', 'ha', 'ig'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en-US';

/** Each language's name written in that language, for the language selector. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  'en-US': 'English (US)',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  yo: 'Yorùbá',
  ha: 'Hausa',
  ig: 'Igbo',
};

/**
 * What dates, times and numbers are formatted with: the reader's language, then Nigerian English. A browser may carry
 * no locale data for Yoruba, Hausa or Igbo (Debian's Chromium has none); Intl then takes the next locale listed, so a
 * date reads day first with a 24-hour clock, as in Nigeria, instead of the browser's own default (docs/decisions/071).
 */
export function intlLocales(language: string): string[] {
  return [language, 'en-NG'];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
