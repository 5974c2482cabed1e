/**
 * The browser's `use-sync-external-store/shim` (vite.config.ts resolves it here). react-i18next imports the shim so
 * that it also runs on React 17; React 19 has the hook itself, and the shim's fallback was dead code on every page,
 * the landing page included (its JavaScript budget, bench/README.md, bench:web).
 */
export { useSyncExternalStore } from 'react';
