import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@/shared/i18n';
import { I18N_INTERPOLATION } from './i18n-interpolation';
import { localeBackend } from './locale-backend';
import { languageDetector } from './language-detector';

/**
 * Detection follows the spec: path, cookie, <html lang>, localStorage, subdomain (the `lng` query
 * parameter is honoured ahead of them, see docs/decisions; language-detector.ts). The choice is cached in the
 * `i18next` cookie and localStorage.
 * The catalogue's backend (locale-backend.ts) retries 5xx and network failures, never 4xx.
 */
export function initI18n() {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(localeBackend)
    .use(languageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: LANGUAGES,
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      interpolation: I18N_INTERPOLATION,
      react: { useSuspense: false },
      returnNull: false,
      // Fetch the catalogue now rather than on the next turn, in the same breath as the first route's code.
      initAsync: false,
    });
}

export { i18n };
