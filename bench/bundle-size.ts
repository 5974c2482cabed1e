/**
 * The JavaScript a first visit downloads, per page, from a web build: the entry chunk and everything it imports
 * statically, plus the lazy route chunks (and their static imports) that the page's route loads on the way in.
 * Sizes compressed as the server sends them (brotli, and gzip for reference).
 *
 *   npx tsx bench/bundle-size.ts [--dist dist/web] [--baseline <another build's dist/web>]
 *
 * With a baseline, prints the growth per page: issue 19 asks that the landing page's does not grow and the booking
 * page's grows by at most 30 KiB compressed.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { argument } from './bookings.js';

/** Each page's lazy route modules, in the order the router loads them (src/web/app/router.tsx). */
const PAGES: Record<string, string[]> = {
  'landing /': ['landing'],
  'booking /dashboard/book-delivery': ['app-shell', 'require-session', 'dashboard-layout', 'dashboard-book-delivery'],
  'rates /rates': ['app-shell', 'rates'],
};

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

function closure(dist: string, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dist, 'assets', file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) visit(match[1]!);
  };
  roots.forEach(visit);
  return seen;
}

export function pageSizes(dist: string) {
  const files = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
  const entry = /src="\/assets\/([^"]+\.js)"/.exec(readFileSync(path.join(dist, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error(`no entry script in ${dist}/index.html`);
  const chunkOf = (route: string) => files.find((file) => new RegExp(`^${route}-[\\w-]{8}\\.js$`).test(file));
  return Object.fromEntries(
    Object.entries(PAGES).flatMap(([page, routes]) => {
      const routeChunks = routes.map(chunkOf);
      // A page this build does not have (a baseline from before it existed).
      if (routeChunks.some((chunk) => chunk === undefined)) return [];
      let brotli = 0;
      let gzip = 0;
      const chunks = closure(dist, [entry, ...(routeChunks as string[])]);
      for (const file of chunks) {
        const code = readFileSync(path.join(dist, 'assets', file));
        brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
        gzip += gzipSync(code, { level: 9 }).length;
      }
      return [[page, { chunks: chunks.size, brotli, gzip }]];
    }),
  );
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dist = argument('dist') ?? 'dist/web';
  const baselineDist = argument('baseline');
  const current = pageSizes(dist);
  const baseline = baselineDist ? pageSizes(baselineDist) : null;
  for (const [page, size] of Object.entries(current)) {
    const before = baseline?.[page];
    const growth = before ? `, ${size.brotli - before.brotli >= 0 ? '+' : ''}${kib(size.brotli - before.brotli)} against the baseline (${kib(before.brotli)})` : '';
    console.log(`${page.padEnd(36)} ${String(size.chunks).padStart(3)} chunks, ${kib(size.brotli)} brotli, ${kib(size.gzip)} gzip${growth}`);
  }
}
