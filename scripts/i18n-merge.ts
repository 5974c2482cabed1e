/**
 * Deep-merges a JSON fragment into one language's translation.json in a single quick write, so several
 * people (or agents) can add keys side by side: `tsx scripts/i18n-merge.ts fragment.json [lng]`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };
const [fragmentPath, lng = 'en-US'] = process.argv.slice(2);
if (!fragmentPath) {
  console.error('usage: tsx scripts/i18n-merge.ts fragment.json [lng]');
  process.exit(2);
}

function merge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return target;
}

const file = path.resolve(import.meta.dirname, '..', 'public/locales', lng, 'translation.json');
function readExisting(): Tree {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
}
const existing = readExisting();
const merged = merge(existing, JSON.parse(readFileSync(fragmentPath, 'utf8')));
writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
console.log(`merged ${fragmentPath} into ${path.relative(process.cwd(), file)}`);
