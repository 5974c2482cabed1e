import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguages, languageDetector } from './language-detector';
import { localeBackend } from './locale-backend';

/** The landing page's own language detector and catalogue backend (issue 24: they replace two libraries). */
function browser({ url, cookie = '', lang = null, stored = null }: { url: string; cookie?: string; lang?: string | null; stored?: string | null }) {
  const location = new URL(url);
  const storage = new Map<string, string>(stored ? [['i18nextLng', stored]] : []);
  vi.stubGlobal('window', { location });
  vi.stubGlobal('document', { cookie, documentElement: { getAttribute: () => lang } });
  vi.stubGlobal('localStorage', { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) });
  return storage;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the language detector', () => {
  it('reads the query, the path, the cookie, <html lang>, localStorage and the subdomain, in that order', () => {
    browser({ url: 'https://yo.lanefreight.ng/fr/rates?lng=ha', cookie: 'a=1; i18next=ig', lang: 'en-US', stored: 'pt' });
    expect(detectLanguages()).toEqual(['ha', 'fr', 'ig', 'en-US', 'pt', 'yo']);
    browser({ url: 'http://localhost:3000/', lang: 'en-US' });
    expect(detectLanguages()).toEqual(['en-US']);
  });

  it('leaves out what cannot be a language code', () => {
    browser({ url: 'http://localhost:3000/dashboard?lng=%3Cscript%3E', cookie: 'i18next=x%20y' });
    expect(detectLanguages()).toEqual([]);
  });

  it('keeps a choice in the cookie and localStorage', () => {
    const storage = browser({ url: 'http://localhost:3000/' });
    languageDetector.cacheUserLanguage!('yo');
    expect((globalThis as unknown as { document: { cookie: string } }).document.cookie).toBe('i18next=yo; path=/; samesite=lax');
    expect(storage.get('i18nextLng')).toBe('yo');
  });
});

describe('the catalogue backend', () => {
  const read = (status: number | 'offline') =>
    new Promise<{ error: unknown; data: unknown }>((resolve) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          expect(url).toBe('/locales/yo/translation.json');
          if (status === 'offline') throw new TypeError('Failed to fetch');
          return new Response(JSON.stringify({ hello: 'Ẹ káàbọ̀' }), { status });
        }),
      );
      localeBackend.read('yo', 'translation', (error, data) => resolve({ error, data }));
    });

  it('gives the catalogue; asks for a retry after a 5xx or a network failure, never after a 4xx', async () => {
    expect(await read(200)).toEqual({ error: null, data: { hello: 'Ẹ káàbọ̀' } });
    const missing = await read(404);
    expect(missing.error).toBeInstanceOf(Error);
    expect(missing.data).toBe(false);
    expect((await read(503)).data).toBe(true);
    expect((await read('offline')).data).toBe(true);
  });
});
