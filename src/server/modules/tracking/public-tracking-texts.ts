import { loadLocaleSection, LOCALES_DIR, type LocaleTexts } from '../../lib/locale-texts.js';
import { isLanguage, type Language } from '../../../shared/i18n.js';

/** One language's `publicTracking` texts, by dotted key ("steps.picked_up"). */
export type PublicTrackingTexts = LocaleTexts;

/**
 * The page's texts, read once at boot from the same catalogue the web app uses (public/locales), so a text is
 * translated in one place. A key missing in a language (the i18n check forbids it) falls back to English.
 */
export function loadPublicTrackingTexts(localesDir = LOCALES_DIR): Record<Language, PublicTrackingTexts> {
  return loadLocaleSection('publicTracking', { localesDir }).texts;
}

/** The best of the eight for an Accept-Language header (any English is en-US), or null. */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), weight: q === undefined ? 1 : Number(q.slice(2)) || 0 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (primary === 'en') return 'en-US';
    if (isLanguage(primary)) return primary;
  }
  return null;
}
