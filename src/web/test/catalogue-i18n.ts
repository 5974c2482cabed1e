import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@/shared/i18n';
import { I18N_INTERPOLATION } from '@/web/lib/i18n-interpolation';

export type CatalogueTree = { [key: string]: string | CatalogueTree };

/** The eight languages' catalogues as the web app loads them (public/locales), for tests. */
export const CATALOGUES = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, JSON.parse(readFileSync(`public/locales/${lng}/translation.json`, 'utf8')) as CatalogueTree]),
);

/** An i18next instance with every catalogue and the app's interpolation (Intl formats), English first. */
export async function createCatalogueI18n() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: Object.fromEntries(Object.entries(CATALOGUES).map(([lng, translation]) => [lng, { translation }])),
    lng: FALLBACK_LANGUAGE,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: I18N_INTERPOLATION,
  });
  return i18n;
}
