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

export default defineConfig({
  root: 'src/web',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), tailwindcss(), themeInit],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      // The browser's zod runs jitless under our CSP (src/web/lib/zod-jitless.ts says why).
      { find: /^zod$/, replacement: path.join(src, 'web', 'lib', 'zod-jitless.ts') },
    ],
  },
  build: {
    // WEB_DIST lets parallel builds (and their browser suites) use separate folders.
    outDir: path.resolve(root, process.env.WEB_DIST ?? 'dist/web'),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The landing page's pieces that other screens reuse too (the logo and language menu on the auth
              // pages, the theme hook in the dashboard) travel as one small chunk instead of one each: every
              // request costs the landing page about 1 KB of response headers (bench/README.md, bench:web).
              name: 'landing-shared',
              test: /[\\/]src[\\/]web[\\/](features[\\/]landing[\\/]|lib[\\/]theme\.ts$)/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
