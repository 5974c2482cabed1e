import { config } from 'zod/v4';

/**
 * The browser's `zod`: vite.config.ts resolves the bare `zod` specifier to this module in the web build.
 *
 * Zod compiles object parsers with `new Function` when it may, and finds out by trying one. Our CSP has no
 * 'unsafe-eval', so the attempt is refused; zod catches the refusal, but Chromium still reports a CSP violation,
 * which costs /auth and every signed-in page Lighthouse's best-practices point ("inspector-issues"). Jitless skips
 * the probe. It has to be set before the first object schema is built, and it is: every module that imports `zod`
 * in the browser imports this module, whose body runs before theirs.
 */
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
