import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** Every folder under src/web/features is a feature, so a new or renamed one is guarded without editing this list. */
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '@/server/*'], message: 'web and shared must not import server code.' },
          ],
        },
      ],
    },
  },
  { files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
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
    files: ['src/server/config/env.ts', 'src/server/test/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', 'e2e/**/*.ts', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
