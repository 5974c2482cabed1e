/** Where the chosen theme is kept in the browser (lib/theme.ts writes it). */
export const THEME_STORAGE_KEY = 'theme';

/**
 * Runs in the page's <head> before first paint, so a saved dark theme never flashes light. Inline, because an
 * external file is one more request the parser waits for before anything shows (on a slow phone network, a round
 * trip of a few hundred milliseconds); the CSP allows exactly this text by its hash (plugins/security-headers.ts). Storage may be blocked: then
 * the default light theme stands.
 */
export const THEME_INIT_SCRIPT = `try{if(localStorage.getItem('${THEME_STORAGE_KEY}')==='dark')document.documentElement.classList.add('dark')}catch(e){}`;
