import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import onlyOwnerWrites from './eslint/only-owner-writes.js';

/** The folders under `path`: every web feature and server module is guarded without editing a list. */
const foldersIn = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = foldersIn('./src/web/features');
const SERVER_MODULES = foldersIn('./src/server/modules');
const NO_SERVER_IN_WEB = {
  group: ['**/server/**', '@/server/*'],
  message: 'web and shared must not import server code.',
};

/** What the entry chunk imports: it rides on every page, the landing page included. */
const ENTRY_FILES = [
  'src/web/main.tsx',
  'src/web/app/router.tsx',
  'src/web/app/root-layout.tsx',
  'src/web/components/errors/not-found.tsx',
  'src/web/components/errors/route-error.tsx',
  'src/web/components/test-mode-banner.tsx',
  'src/web/lib/i18n.ts',
];
/** The modules of the `core` chunk (vite.config.ts), which every page loads too, and what they import. */
const CORE_FILES = [
  'src/shared/{i18n,theme-init}.ts',
  'src/web/lib/{i18n-interpolation,published-figures,theme,locale-backend,language-detector}.ts',
  'src/web/components/brand-mark.tsx',
  'src/web/features/landing/components/language-select.tsx',
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'drizzle', 'coverage', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration through src/server/config/env.ts.' },
      ],
    },
  },
  {
    // Dependencies flow one way: shared <- server, shared <- web; features do not import each other.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_SERVER_IN_WEB] }] },
  },
  {
    // The entry chunk rides on every page, within the landing page's 110 KiB of JavaScript (bench/README.md,
    // bench:web): what these files import must be needed before any route's code has arrived.
    files: ENTRY_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'sonner', message: 'Toasts belong to the app shell, not the entry chunk.' },
            { name: '@/web/lib/api-client', message: 'The API client and its toasts belong to the app shell, not the entry chunk.' },
            { name: '@/web/lib/api-error', message: 'API failures are shown by the screens that make the requests, in the app shell.' },
          ],
          patterns: [
            NO_SERVER_IN_WEB,
            {
              group: [
                '@tanstack/*',
                '@radix-ui/*',
                'radix-ui',
                'lucide-react',
                'tailwind-merge',
                '@/web/components/ui/*',
                '@/web/features/*',
              ],
              message: 'Not in the entry chunk: load it from a lazy route (src/web/app/routes).',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // zod and the schema modules build their parsers as they load: imported from the entry or core, they land on
    // every page (about 30 KB compressed, as once through rule-values.ts); from the rule texts, every feature's
    // schemas would load with the app's first screen. Types are free. The build checks the core chunk itself too
    // (vite.config.ts, coreStaysLean); docs/decisions/066.
    files: [...ENTRY_FILES, ...CORE_FILES, 'src/shared/{rule-limits,rule-values}.ts', 'src/web/lib/rule-texts.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/schemas/*', '**/message-keys', '**/message-keys.js', '**/zod-jitless'],
              allowTypeImports: true,
              message:
                'This would ride on every page. A rule\'s number is in src/shared/rule-limits.ts; validate in a route\'s own code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'node:*', 'drizzle-orm*', '**/server/**', '**/web/**', '@/web/*', '@/server/*'], message: 'src/shared is isomorphic: no react, node or drizzle.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/features/*/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./src/web/features/${feature}`,
            from: './src/web/features',
            except: [`./${feature}`],
            message: 'Features do not import each other; compose them in src/web/app/routes.',
          })),
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The server's folders form layers: config, lib <- db <- adapters, plugins <- modules <- composition-root/app.
    // A module uses another module's service or types, never its repository; the composition root wires them.
    files: ['src/server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...SERVER_MODULES.map((module) => ({
              target: `./src/server/modules/${module}`,
              from: `./src/server/modules/!(${module})/**/*-repository.ts`,
              message: 'Use the other module\'s service (wired in src/server/composition-root.ts), never its repository.',
            })),
            {
              target: ['./src/server/lib', './src/server/db', './src/server/config'],
              from: ['./src/server/modules', './src/server/plugins', './src/server/adapters', './src/server/composition-root.ts', './src/server/app.ts'],
              message: 'lib, db and config are below modules and plugins: they must not import them.',
            },
            { target: ['./src/server/lib', './src/server/config'], from: './src/server/db', message: 'db builds on lib, not the other way round.' },
            { target: './src/server/config', from: './src/server/lib', message: 'config stands alone.' },
            {
              target: ['./src/server/plugins', './src/server/adapters'],
              from: ['./src/server/modules', './src/server/composition-root.ts', './src/server/app.ts'],
              message: 'plugins and adapters are below the modules: give them an interface instead (see plugins/auth.ts).',
            },
            {
              target: './src/server/modules',
              from: ['./src/server/composition-root.ts', './src/server/app.ts', './src/server/main.ts'],
              message: 'Modules receive their dependencies from the composition root; they do not import it.',
            },
          ],
        },
      ],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Only a table's owner writes it, from any of its files (eslint/only-owner-writes.js).
    files: ['src/server/modules/**/*.ts'],
    plugins: { lanefreight: { rules: { 'only-owner-writes': onlyOwnerWrites } } },
    rules: { 'lanefreight/only-owner-writes': 'error' },
  },
  {
    files: ['src/server/config/env.ts', 'src/server/test/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
