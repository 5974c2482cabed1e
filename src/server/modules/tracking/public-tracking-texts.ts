import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../lib/project-root.js';
import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type Language } from '../../../shared/i18n.js';

type Tree = { [key: string]: string | Tree };

/** One language's `publicTracking` texts, by dotted key ("steps.picked_up"). */
export type PublicTrackingTexts = (key: string) => string;

function flatten(tree: Tree, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * The page's texts, read once at boot from the same catalogue the web app uses (public/locales), so a text is
 * translated in one place. A key missing in a language (the i18n check forbids it) falls back to English.
 */
export function loadPublicTrackingTexts(
  localesDir = path.join(PROJECT_ROOT, 'public/locales'),
): Record<Language, PublicTrackingTexts> {
  const sections = Object.fromEntries(
    LANGUAGES.map((lng) => {
      const catalogue = JSON.parse(readFileSync(path.join(localesDir, lng, 'translation.json'), 'utf8')) as Tree;
      return [lng, flatten((catalogue.publicTracking ?? {}) as Tree, '', new Map())];
    }),
  ) as Record<Language, Map<string, string>>;
  const english = sections[FALLBACK_LANGUAGE];
  return Object.fromEntries(
    LANGUAGES.map((lng) => [lng, (key: string) => sections[lng].get(key) ?? english.get(key) ?? key]),
  ) as Record<Language, PublicTrackingTexts>;
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
