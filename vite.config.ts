import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { THEME_INIT_SCRIPT } from './src/shared/theme-init';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = path.join(root, 'src');

/** The theme's inline script goes into the page from its one definition, which the CSP hashes too. */
const themeInit: Plugin = {
  name: 'lanefreight-theme-init',
  transformIndexHtml: (html) => html.replace('<!--theme-init-->', `<script>${THEME_INIT_SCRIPT}</script>`),
};

/**
 * Names the `app` chunk in the built page (`<!--app-shell-preload:/assets/app-….js-->`): scripts/prerender.ts turns
 * it into a modulepreload in the app shell, whose every screen needs that chunk, and drops it from the landing page,
 * which never does.
 */
const appShellPreload: Plugin = {
  name: 'lanefreight-app-shell-preload',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      const app = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.name === 'app');
      return html.replace('<!--app-shell-preload-->', app ? `<!--app-shell-preload:/${app.fileName}-->` : '');
    },
  },
};

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](?:${names})[\\\\/]`);
const source = (paths: string) => new RegExp(`[\\\\/]src[\\\\/](?:${paths})$`);

/** What every page runs (the `core` chunk). */
const CORE = [
  nodeModule('react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store'),
  source('shared/i18n\\.ts|shared/theme-init\\.ts|web/lib/(?:theme|i18n|locale-backend|language-detector)\\.ts|web/components/brand-mark\\.tsx|web/features/landing/components/language-select\\.tsx'),
  /^\0?rolldown[\\/]runtime/,
  /vite[\\/]preload-helper/,
];

/** What every screen inside the app shell runs (the `app` chunk). */
const APP = [
  nodeModule(
    '@tanstack/[^/\\\\]+|sonner|zod|lucide-react|tailwind-merge|class-variance-authority|clsx|' +
      '@radix-ui/(?:primitive|react-(?:compose-refs|context|id|presence|primitive|slot|use-callback-ref|use-controllable-state|use-effect-event|use-layout-effect))',
  ),
  source(
    'shared/errors\\.ts|shared/schemas/common\\.ts|web/lib/(?:api-client|api-error|connectivity|query-client|query-keys|account-language|toast-api-error|user-profile|cn|zod-jitless)\\.ts|' +
      'web/components/ui/(?:button|sonner)\\.tsx|web/components/offline-banner\\.tsx|web/app/providers\\.tsx',
  ),
];

/**
 * What must never land in `core`, which every page loads: zod and the schema modules build their parsers as they
 * load (about 30 KB compressed), and the landing page validates nothing. A rule's number that a text states comes
 * from src/shared/rule-limits.ts, not from its schema (docs/decisions/066).
 */
const NOT_IN_CORE = [nodeModule('zod'), source('shared/schemas/[^\\\\/]+\\.ts|shared/message-keys\\.ts|web/lib/zod-jitless\\.ts')];

/** Fails the build when `core` takes in a module of NOT_IN_CORE, naming the import that brought it. */
const coreStaysLean: Plugin = {
  name: 'lanefreight-core-stays-lean',
  apply: 'build',
  generateBundle(_options, bundle) {
    const core = Object.values(bundle).find((output) => output.type === 'chunk' && output.name === 'core');
    if (core?.type !== 'chunk') return;
    const inCore = new Set(core.moduleIds);
    const isBanned = (id: string) => NOT_IN_CORE.some((pattern) => pattern.test(id));
    const relative = (id: string) => path.relative(root, id);
    const doorways = core.moduleIds.filter(isBanned).flatMap((id) =>
      (this.getModuleInfo(id)?.importers ?? [])
        .filter((importer) => inCore.has(importer) && !isBanned(importer))
        .map((importer) => `${relative(importer)} imports ${relative(id)}`),
    );
    if (doorways.length > 0) {
      this.error(`The core chunk (every page) must not contain zod or a schema module:\n  ${doorways.join('\n  ')}`);
    }
  },
};

/**
 * React Router's package exports only its development build, whose dev-only warnings a bundler cannot drop. The
 * production build, shipped beside it, is the same code with them switched off: about 0.5 KB less on every page. The
 * dev server keeps the warnings.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: path.join(root, 'node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
};

export default defineConfig(({ mode }) => ({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), tailwindcss(), themeInit, appShellPreload, coreStaysLean],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // The browser's zod runs jitless under our CSP (src/web/lib/zod-jitless.ts says why).
      { find: /^zod$/, replacement: path.join(src, 'web', 'lib', 'zod-jitless.ts') },
      { find: /^use-sync-external-store\/shim$/, replacement: path.join(src, 'web', 'lib', 'use-sync-external-store-shim.ts') },
      ...(mode === 'production' ? [reactRouterProduction] : []),
    ],
  },
  build: {
    // WEB_DIST lets parallel builds (and their browser suites) use separate folders.
    outDir: path.resolve(root, process.env.WEB_DIST ?? 'dist/web'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // Every browser we serve supports <link rel="modulepreload">; without it a page only preloads less.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every request costs about half a kilobyte of response headers and, on a slow phone network, a share of
          // six connections: a signed-in page used to load 60 chunks, most of them under 1 KB (a lucide icon, a
          // Radix helper). The groups below put what a whole class of pages needs in one chunk each
          // (bench/README.md, bench:web; docs/decisions/062).
          groups: [
            {
              // Every page, the landing page included: React, the router, i18next, and the few landing pieces the
              // other screens reuse (logo, language menu, theme hook). The entry keeps only the app's start-up.
              name: 'core',
              test: (id) => CORE.some((pattern) => pattern.test(id)),
              priority: 30,
            },
            {
              // Every screen inside the app shell (sign-in, the dashboard, rates, legal pages): the API client
              // with zod and TanStack Query, toasts, Radix's small shared helpers, the class helpers and all
              // lucide icons (24 icons of 0.2 KB each were 24 requests).
              name: 'app',
              test: (id) => APP.some((pattern) => pattern.test(id)),
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
}));
