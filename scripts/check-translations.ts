/**
 * Fails when any language lacks a key that en-US has, or has it empty, or when a language has
 * keys en-US does not (stale text). Also checks interpolation placeholders match.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../src/shared/i18n.js';

type Tree = { [key: string]: string | Tree };
const root = path.resolve(import.meta.dirname, '..', 'public/locales');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)[^}]*}}/g)].map((m) => m[1]).sort().join(',');

const load = (lng: string) => flatten(JSON.parse(readFileSync(path.join(root, lng, 'translation.json'), 'utf8')));
const reference = load(FALLBACK_LANGUAGE);
const problems: string[] = [];

for (const lng of LANGUAGES) {
  let keys: Map<string, string>;
  try {
    keys = load(lng);
  } catch (error) {
    problems.push(`${lng}: cannot read translation.json (${(error as Error).message})`);
    continue;
  }
  for (const [key, text] of reference) {
    const translated = keys.get(key);
    if (translated === undefined) problems.push(`${lng}: missing ${key}`);
    else if (translated.trim() === '') problems.push(`${lng}: empty ${key}`);
    else if (placeholders(translated) !== placeholders(text)) problems.push(`${lng}: placeholders differ in ${key}`);
  }
  for (const key of keys.keys()) if (!reference.has(key)) problems.push(`${lng}: unknown key ${key} (not in ${FALLBACK_LANGUAGE})`);
}

if (problems.length > 0) {
  console.error(`Translation check failed (${problems.length} problems):\n${problems.slice(0, 200).join('\n')}`);
  process.exit(1);
}
console.log(`Translations complete: ${reference.size} keys in ${LANGUAGES.length} languages.`);
