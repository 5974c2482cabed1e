import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@/shared/i18n';

/**
 * Detection follows the spec: path, cookie, <html lang>, localStorage, subdomain (the `lng` query
 * parameter is honoured ahead of them, see docs/decisions). The choice is cached in the `i18next` cookie.
 * The HTTP backend retries 5xx and network failures, never 4xx.
 */
export function initI18n() {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: LANGUAGES,
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'currentOnly',
      nonExplicitSupportedLngs: false,
      detection: {
        order: ['querystring', 'path', 'cookie', 'htmlTag', 'localStorage', 'subdomain'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        caches: ['cookie', 'localStorage'],
        cookieOptions: { path: '/', sameSite: 'lax' },
      },
      backend: { loadPath: '/locales/{{lng}}/translation.json' },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
    });
}

export { i18n };
