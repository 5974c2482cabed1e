/**
 * The translation check (decision 022). Fails when
 * - a language lacks a key that en-US has, has it empty, or has keys en-US does not;
 * - interpolation placeholders differ from en-US; in the outbound texts (`messages.*`: SMS, WhatsApp, email),
 *   each language must have exactly en-US's set of `{{placeholders}}` and no stray brace, since they are sent
 *   as they are (a translation without `{{code}}` would send a sign-in code SMS without the code);
 * - an error code has no `errors.codes.<CODE>` key;
 * - en-US says something other than the server's catalogue (src/server/lib/messages.ts) for one of its keys;
 * - a translation was made from English that has changed since (stale): each language records, per key,
 *   a fingerprint of the en-US text it was translated from, in i18n/fingerprints.json.
 *
 * After re-translating: `npm run i18n:check -- --accept <lng> [<key> ...]` records the current en-US
 * fingerprints for that language (all its keys, or only the given ones).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ERROR_CODES } from '../src/shared/errors.js';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../src/shared/i18n.js';
import { ERROR_MESSAGES, VALIDATION_MESSAGES } from '../src/server/lib/messages.js';

type Tree = { [key: string]: string | Tree };
/** Language -> key -> fingerprint of the en-US text the translation was made from. */
export type Fingerprints = Record<string, Record<string, string>>;

export interface TranslationSources {
  /** Language -> its flattened translation.json. */
  locales: Record<string, Map<string, string>>;
  fingerprints: Fingerprints;
  errorCodes: readonly string[];
  /** i18n key -> the server's English for it. */
  catalogue: Record<string, string>;
}

const repoRoot = path.resolve(import.meta.dirname, '..');
const localesRoot = path.join(repoRoot, 'public/locales');
const fingerprintsFile = path.join(repoRoot, 'i18n/fingerprints.json');

export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

export const fingerprint = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

const PLACEHOLDER = /{{\s*(\w+)[^}]*}}/g;
const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1]).sort().join(',');

/** The texts the server sends (decision 044): they reach people as they are, with no page around them. */
export const OUTBOUND_PREFIX = 'messages.';

/**
 * What is wrong with the placeholders of an outbound text against its English, or null: it must name the same
 * set of `{{placeholders}}` (order and repetition are the language's business) and hold no other brace, which
 * would reach the receiver as it is (`{code}`, `{{code}`).
 */
export function outboundPlaceholderProblem(english: string, translated: string): string | null {
  const names = (text: string) => new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]));
  const expected = names(english);
  const found = names(translated);
  const lacks = [...expected].filter((name) => !found.has(name));
  const extra = [...found].filter((name) => !expected.has(name));
  const stray = translated.replace(PLACEHOLDER, '').match(/[{}]/);
  const problems = [
    ...(lacks.length ? [`lacks ${lacks.map((name) => `{{${name}}}`).join(', ')}`] : []),
    ...(extra.length ? [`has ${extra.map((name) => `{{${name}}}`).join(', ')}, which ${FALLBACK_LANGUAGE} has not`] : []),
    ...(stray ? [`has a stray "${stray[0]}"`] : []),
  ];
  return problems.length ? problems.join('; ') : null;
}

/** What is wrong with a translation's placeholders, or null: the outbound rule for `messages.*`, else the same list. */
function placeholderProblem(key: string, english: string, translated: string): string | null {
  if (key.startsWith(OUTBOUND_PREFIX)) {
    const problem = outboundPlaceholderProblem(english, translated);
    return problem && `placeholders differ in ${key}: ${problem}`;
  }
  return placeholders(translated) === placeholders(english) ? null : `placeholders differ in ${key}`;
}

/** The server's English by i18n key: `errors.codes.<CODE>` and the validation keys. */
export function serverCatalogue(): Record<string, string> {
  return {
    ...Object.fromEntries(Object.entries(ERROR_MESSAGES).map(([code, text]) => [`errors.codes.${code}`, text])),
    ...VALIDATION_MESSAGES,
  };
}

export function checkTranslations({ locales, fingerprints, errorCodes, catalogue }: TranslationSources): string[] {
  const reference = locales[FALLBACK_LANGUAGE];
  if (!reference) return [`${FALLBACK_LANGUAGE}: no translation.json`];
  const problems: string[] = [];

  for (const code of errorCodes) {
    if (!reference.has(`errors.codes.${code}`)) problems.push(`${FALLBACK_LANGUAGE}: error code ${code} has no key errors.codes.${code}`);
  }
  for (const [key, english] of Object.entries(catalogue)) {
    const text = reference.get(key);
    if (text === undefined) problems.push(`${FALLBACK_LANGUAGE}: missing ${key} (the server's catalogue has it)`);
    else if (text !== english) problems.push(`${FALLBACK_LANGUAGE}: ${key} differs from the server's catalogue ("${english}")`);
  }
  for (const [key, text] of reference) {
    if (text.trim() === '') problems.push(`${FALLBACK_LANGUAGE}: empty ${key}`);
    else if (key.startsWith(OUTBOUND_PREFIX)) {
      const problem = outboundPlaceholderProblem(text, text);
      if (problem) problems.push(`${FALLBACK_LANGUAGE}: placeholders wrong in ${key}: ${problem}`);
    }
  }

  for (const [lng, keys] of Object.entries(locales)) {
    if (lng === FALLBACK_LANGUAGE) continue;
    const recorded = fingerprints[lng] ?? {};
    for (const [key, text] of reference) {
      const translated = keys.get(key);
      const placeholderIssue = translated === undefined ? null : placeholderProblem(key, text, translated);
      if (translated === undefined) problems.push(`${lng}: missing ${key}`);
      else if (translated.trim() === '') problems.push(`${lng}: empty ${key}`);
      else if (placeholderIssue) problems.push(`${lng}: ${placeholderIssue}`);
      else if (recorded[key] !== fingerprint(text)) {
        problems.push(
          recorded[key] === undefined
            ? `${lng}: ${key} has no record of the English it was translated from (translate it, then --accept ${lng} ${key})`
            : `${lng}: stale ${key}: the English changed after it was translated (re-translate, then --accept ${lng} ${key})`,
        );
      }
    }
    for (const key of keys.keys()) if (!reference.has(key)) problems.push(`${lng}: unknown key ${key} (not in ${FALLBACK_LANGUAGE})`);
  }
  return problems;
}

/** Records the current en-US fingerprints for `lng`: all its keys, or only `keys`. */
export function acceptTranslations(sources: Pick<TranslationSources, 'locales' | 'fingerprints'>, lng: string, keys: string[] = []) {
  const reference = sources.locales[FALLBACK_LANGUAGE] ?? new Map<string, string>();
  const recorded = { ...(sources.fingerprints[lng] ?? {}) };
  for (const [key, text] of reference) if (keys.length === 0 || keys.includes(key)) recorded[key] = fingerprint(text);
  for (const key of Object.keys(recorded)) if (!reference.has(key)) delete recorded[key];
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  return { ...sources.fingerprints, [lng]: sorted };
}

function loadSources(): TranslationSources {
  const locales: Record<string, Map<string, string>> = {};
  for (const lng of LANGUAGES) {
    locales[lng] = flatten(JSON.parse(readFileSync(path.join(localesRoot, lng, 'translation.json'), 'utf8')) as Tree);
  }
  let fingerprints: Fingerprints = {};
  try {
    fingerprints = JSON.parse(readFileSync(fingerprintsFile, 'utf8')) as Fingerprints;
  } catch {
    // No record yet: every translation reads as unverified until accepted.
  }
  return { locales, fingerprints, errorCodes: ERROR_CODES, catalogue: serverCatalogue() };
}

function main(args: string[]) {
  const sources = loadSources();
  const acceptAt = args.indexOf('--accept');
  if (acceptAt !== -1) {
    const [lng = '', ...keys] = args.slice(acceptAt + 1);
    const languages: string[] = lng === 'all' ? LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE) : [lng];
    if (languages.some((l) => !LANGUAGES.includes(l as never) || l === FALLBACK_LANGUAGE)) {
      console.error('Usage: npm run i18n:check -- --accept <language|all> [key ...]');
      process.exit(2);
    }
    let fingerprints = sources.fingerprints;
    for (const l of languages) fingerprints = acceptTranslations({ ...sources, fingerprints }, l, keys);
    writeFileSync(fingerprintsFile, `${JSON.stringify(fingerprints, null, 2)}\n`);
    console.log(`Recorded the English ${languages.join(', ')} ${keys.length ? `(${keys.join(', ')}) ` : ''}was translated from.`);
    return;
  }
  const problems = checkTranslations(sources);
  if (problems.length > 0) {
    console.error(`Translation check failed (${problems.length} problems):\n${problems.slice(0, 200).join('\n')}`);
    process.exit(1);
  }
  const size = sources.locales[FALLBACK_LANGUAGE]?.size ?? 0;
  console.log(`Translations complete and current: ${size} keys in ${LANGUAGES.length} languages.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
