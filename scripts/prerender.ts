/**
 * After `vite build`: writes the prerendered landing page into dist/web/index.html, keeps the bare
 * shell as dist/web/app.html (served for every other route), and precompresses text assets.
 */
import { readFile, readdir, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(root, process.env.WEB_DIST ?? 'dist/web');
const MARKER = '<!--app-html-->';

async function prerender() {
  const shell = await readFile(path.join(dist, 'index.html'), 'utf8');
  if (!shell.includes(MARKER)) throw new Error('dist/web/index.html has no <!--app-html--> marker');
  await writeFile(path.join(dist, 'app.html'), shell.replace(MARKER, ''));

  const vite = await createServer({
    configFile: path.join(root, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { renderLanding } = (await vite.ssrLoadModule('/prerender-entry.tsx')) as {
      renderLanding: (t: Record<string, unknown>) => Promise<string>;
    };
    const translation = JSON.parse(await readFile(path.join(root, 'public/locales/en-US/translation.json'), 'utf8'));
    const html = await renderLanding(translation);
    await writeFile(path.join(dist, 'index.html'), shell.replace(MARKER, html));
  } finally {
    await vite.close();
  }
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
