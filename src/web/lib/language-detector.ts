import type { LanguageDetectorModule } from 'i18next';

/**
 * Where the reader's language comes from, in the spec's order (the `lng` query parameter first, then the path's
 * first segment, the `i18next` cookie, `<html lang>`, localStorage, the subdomain), and where a choice is kept (the
 * cookie and localStorage): what i18next-browser-languagedetector did with these options, in a few lines instead of
 * a library (the landing page's JavaScript budget, issue 24). i18next takes the first candidate it supports.
 */
const COOKIE = 'i18next';
const STORAGE = 'i18nextLng';

function fromCookie(): string | undefined {
  const prefix = `${COOKIE}=`;
  const found = document.cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

function fromStorage(): string | undefined {
  try {
    return localStorage.getItem(STORAGE) ?? undefined;
  } catch {
    return undefined;
  }
}

export function detectLanguages(): string[] {
  const { search, pathname, hostname } = window.location;
  const candidates = [
    new URLSearchParams(search).get('lng') ?? undefined,
    /^\/([a-zA-Z][a-zA-Z0-9-]*)/.exec(pathname)?.[1],
    fromCookie(),
    document.documentElement.getAttribute('lang') ?? undefined,
    fromStorage(),
    /^(\w{2,5}(?:-(?:[a-z]{4}|[a-z]{2}|\d{3}))*)\.(([a-z0-9-]{1,63}\.[a-z]{2,6})|localhost)/i.exec(hostname)?.[1],
  ];
  // Only what could be a language code: a path or a cookie can hold anything.
  return candidates.filter((code): code is string => typeof code === 'string' && /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(code));
}

export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  init() {},
  detect: detectLanguages,
  cacheUserLanguage(language: string) {
    document.cookie = `${COOKIE}=${encodeURIComponent(language)}; path=/; samesite=lax`;
    try {
      localStorage.setItem(STORAGE, language);
    } catch {
      // Storage may be refused (private mode): the cookie keeps the choice.
    }
  },
};
