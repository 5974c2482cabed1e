import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n';

/**
 * Every text key the web names literally (`t('a.b')`, `i18nKey="a.b"`) exists in every language's catalogue, so no
 * route shows a raw key in any of the eight languages (issue 24). Keys built at run time (`t(\`x.${y}\`)`) are held
 * by their own lists' tests; plural forms count when their `_one`/`_other` exist.
 */
const WEB = path.resolve(import.meta.dirname, '..');
const LOCALES = path.resolve(import.meta.dirname, '../../../public/locales');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', into = new Set<string>()) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.add(prefix + key);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const USED = /(?:\bt|i18n\.t)\(\s*'([a-zA-Z][\w-]*(?:\.[\w-]+)+)'|i18nKey="([a-zA-Z][\w-]*(?:\.[\w-]+)+)"/g;

describe('the web names only keys every language has', () => {
  const used = new Map<string, string>();
  for (const file of sources(WEB)) {
    for (const match of readFileSync(file, 'utf8').matchAll(USED)) used.set(match[1] ?? match[2]!, path.relative(WEB, file));
  }

  it('finds the keys it checks', () => {
    expect(used.size).toBeGreaterThan(300);
  });

  it.each(LANGUAGES)('%s', (lng) => {
    const keys = flatten(JSON.parse(readFileSync(path.join(LOCALES, lng, 'translation.json'), 'utf8')) as Tree);
    const missing = [...used].filter(([key]) => !keys.has(key) && !keys.has(`${key}_other`)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });
});
