import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/**
 * The catalogue of a language, `/locales/{lng}/translation.json`, fetched once per language: all the landing page
 * needs of an HTTP backend, in a few lines instead of a library (the landing page's JavaScript budget, issue 24).
 * Like i18next-http-backend, a 5xx or a network failure is worth retrying (i18next retries when told so), a 4xx is not.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
    fetch(url, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) {
          const retry = response.status >= 500;
          callback(new Error(`failed loading ${url}; status code: ${response.status}`), retry);
          return;
        }
        callback(null, (await response.json()) as ResourceKey);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  },
};
