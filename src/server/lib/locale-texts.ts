import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n.js';
import type { MessageParams } from '../../shared/message-keys.js';
import { interpolate } from './messages.js';
import { PROJECT_ROOT } from './project-root.js';

type Tree = { [key: string]: string | Tree };

/** One language's texts of one catalogue section, by dotted key ("steps.picked_up"), `{{name}}` filled from params. */
export type LocaleTexts = (key: string, params?: MessageParams) => string;

export interface LocaleSection {
  /** Per language: its texts, English for a key it lacks (the i18n check forbids that), else the key itself. */
  texts: Record<Language, LocaleTexts>;
  /** The languages that have every one of `keys` themselves, not empty and not by falling back to English. */
  languagesWith(keys: readonly string[]): Language[];
}

export const LOCALES_DIR = path.join(PROJECT_ROOT, 'public/locales');

const readCatalogue = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Tree;

function flatten(tree: Tree, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(prefix + key, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

function subtree(tree: Tree, section: string): Tree {
  let node: string | Tree | undefined = tree;
  for (const part of section.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'object' ? node : {};
}

/**
 * One section of the catalogue the web app uses (public/locales/<lng>/translation.json), read at boot, so a text
 * the server writes (a page, an SMS, an email) is translated, fingerprinted and checked in one place.
 * `section` may be dotted ("messages.receiver"). `required` keys must exist in English: without them the server
 * would send a key instead of a sentence, so it refuses to start.
 */
export function loadLocaleSection(
  section: string,
  { localesDir = LOCALES_DIR, required = [] }: { localesDir?: string; required?: readonly string[] } = {},
): LocaleSection {
  const own = Object.fromEntries(
    LANGUAGES.map((lng) => [lng, flatten(subtree(readCatalogue(path.join(localesDir, lng, 'translation.json')), section), '', new Map())]),
  ) as Record<Language, Map<string, string>>;
  const english = own[FALLBACK_LANGUAGE];
  const missing = required.filter((key) => !english.get(key)?.trim());
  if (missing.length > 0) {
    throw new Error(`${FALLBACK_LANGUAGE} translation.json lacks ${missing.map((key) => `${section}.${key}`).join(', ')}`);
  }
  const texts = Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      (key: string, params?: MessageParams) => {
        const text = own[lng].get(key) || english.get(key);
        return text === undefined ? key : interpolate(text, params, lng);
      },
    ]),
  ) as Record<Language, LocaleTexts>;
  return {
    texts,
    languagesWith: (keys) => LANGUAGES.filter((lng) => keys.every((key) => own[lng].get(key)?.trim())),
  };
}
