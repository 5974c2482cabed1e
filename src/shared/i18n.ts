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

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
