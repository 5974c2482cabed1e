/**
 * After `vite build`: writes the prerendered landing page into dist/web/index.html, the shell with its start frame
 * as dist/web/app.html (served for every other route), and precompresses text assets.
 */
import { readFile, readdir, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createServer } from 'vite';
import { HYDRATE_AFTER_LOAD_SCRIPT, HYDRATE_ATTRIBUTE, HYDRATION_SCRIPTS_META } from '../src/shared/deferred-hydration';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
const MARKER = '<!--app-html-->';
const APP_PRELOAD = /[ \t]*<!--app-shell-preload:([^>]+)-->\n?/;

async function prerender() {
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes(MARKER)) throw new Error('dist/web/index.html has no <!--app-html--> marker');
  const appPreload = APP_PRELOAD.exec(shell);
  if (!appPreload) throw new Error('dist/web/index.html does not name the app chunk (vite.config.ts, appShellPreload)');
  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { renderLanding, renderAppStart } = (await vite.ssrLoadModule('/prerender-entry.tsx')) as Record<
      'renderLanding' | 'renderAppStart',
      (t: Record<string, unknown>) => Promise<string>
    >;
    const translation = JSON.parse(await readFile(path.join(root, 'public/locales/en-US/translation.json'), 'utf8'));
    // Every screen the shell serves needs the `app` chunk: it loads alongside the entry instead of after it.
    const appShell = shell
      .replace(MARKER, await renderAppStart(translation))
      .replace(APP_PRELOAD, `    <link rel="modulepreload" crossorigin href="${appPreload[1]}">\n`);
    await writeFile(path.join(dist, 'app.html'), appShell);
    const landing = shell
      .replace(`<div id="root">${MARKER}`, `<div id="root" ${HYDRATE_ATTRIBUTE}>${await renderLanding(translation)}`)
      .replace(APP_PRELOAD, '');
    await writeFile(path.join(dist, 'index.html'), hydrateAfterLoad(landing));
  } finally {
    await vite.close();
  }
}

/**
 * The prerendered page is readable before any script runs; its scripts only hydrate it, so they start once the page
 * has loaded (shared/deferred-hydration.ts says why). The app shell (app.html) keeps its tags: until its scripts
 * run, it shows only the start frame.
 */
function hydrateAfterLoad(html: string) {
  const entry = /([ \t]*)<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(html);
  if (!entry) throw new Error('dist/web/index.html: no module script found (did Vite change its tags?)');
  const [entryTag, indent, entryName] = entry;
  const preloads = [...html.matchAll(/[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g)];
  const names = [entryName, ...preloads.map(([, name]) => name)].join(' ');
  // Where the entry stood, ahead of the stylesheet: an inline script after it would wait for it.
  let deferred = html.replace(
    entryTag,
    `${indent}<meta name="${HYDRATION_SCRIPTS_META}" content="${names}">\n${indent}<script>${HYDRATE_AFTER_LOAD_SCRIPT}</script>\n`,
  );
  for (const [preloadTag] of preloads) deferred = deferred.replace(preloadTag, '');
  return deferred;
}

const COMPRESSIBLE = /\.(html|js|css|json|svg|txt|xml|webmanifest)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

async function precompress() {
  for await (const file of walk(dist)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if ((await stat(file)).size < 512) continue;
    const content = await readFile(file);
    await writeFile(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

await prerender();
await precompress();
console.log(`prerendered / and precompressed ${path.relative(root, dist)}`);
