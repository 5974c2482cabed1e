/**
 * Prints, as nested JSON, the en-US entries that a language lacks (or has empty), for a translator to
 * fill in and merge back with scripts/i18n-merge.ts: `tsx scripts/i18n-missing.ts yo > /tmp/yo-todo.json`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };
const lng = process.argv[2];
if (!lng) {
  console.error('usage: tsx scripts/i18n-missing.ts <lng>');
  process.exit(2);
}
const dir = path.resolve(import.meta.dirname, '..', 'public/locales');
const read = (l: string): Tree => {
  try {
    return JSON.parse(readFileSync(path.join(dir, l, 'translation.json'), 'utf8'));
  } catch {
    return {};
  }
};

function missing(reference: Tree, target: Tree | undefined): Tree | null {
  const out: Tree = {};
  for (const [key, value] of Object.entries(reference)) {
    const current = target?.[key];
    if (typeof value === 'string') {
      if (typeof current !== 'string' || current.trim() === '') out[key] = value;
    } else {
      const sub = missing(value, typeof current === 'object' ? current : undefined);
      if (sub) out[key] = sub;
    }
  }
  return Object.keys(out).length > 0 ? out : null;
}

console.log(JSON.stringify(missing(read('en-US'), read(lng)) ?? {}, null, 2));
