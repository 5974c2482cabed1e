import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n';
import { createCatalogueI18n } from '@/web/test/catalogue-i18n';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

let i18n: I18n;
beforeAll(async () => {
  i18n = await createCatalogueI18n();
});
const inLanguage = (lng: string) => i18n.getFixedT(lng);

describe('relativeTime', () => {
  it('is "just now" for the last 45 seconds and for a clock slightly ahead', () => {
    const t = inLanguage('en-US');
    expect(relativeTime(ago(0), now, t)).toBe('Just now');
    expect(relativeTime(ago(44), now, t)).toBe('Just now');
    expect(relativeTime(ago(-30), now, t)).toBe('Just now');
  });

  it.each([
    [45, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [60 * 60, '1 hour ago'],
    [23 * 60 * 60, '23 hours ago'],
    [24 * 60 * 60, 'yesterday'],
    [3 * 24 * 60 * 60, '3 days ago'],
    [14 * 24 * 60 * 60, '2 weeks ago'],
    [60 * 24 * 60 * 60, '2 months ago'],
    [400 * 24 * 60 * 60, 'last year'],
    [4000 * 24 * 60 * 60, '10 years ago'],
  ])('%i seconds ago reads "%s" in English', (seconds, text) => {
    expect(relativeTime(ago(seconds), now, inLanguage('en-US'))).toBe(text);
  });

  it("speaks the reader's language, Yoruba, Hausa and Igbo too, whatever Intl knows of them (decision 093)", () => {
    expect(relativeTime(ago(5 * 60), now, inLanguage('fr'))).toBe('il y a 5 minutes');
    expect(relativeTime(ago(5 * 60), now, inLanguage('de'))).toBe('vor 5 Minuten');
    expect(relativeTime(ago(2 * 60 * 60), now, inLanguage('es'))).toBe('hace 2 horas');
    expect(relativeTime(ago(9 * 60), now, inLanguage('ig'))).toBe('nkeji 9 gara aga');
    expect(relativeTime(ago(3 * 60), now, inLanguage('ha'))).toBe('mintuna 3 da suka wuce');
    expect(relativeTime(ago(2 * 60), now, inLanguage('yo'))).toBe('ìṣẹ́jú 2 sẹ́yìn');
    for (const lng of LANGUAGES) {
      for (const seconds of [120, 7200, 3 * 86400, 14 * 86400, 60 * 86400, 800 * 86400]) {
        const text = relativeTime(ago(seconds), now, inLanguage(lng));
        // Never a key, and never the English of Intl's fallback outside English.
        expect(text, `${lng} ${seconds}`).not.toMatch(lng === 'en-US' ? /notifications\./ : /notifications\.|\bago\b/);
      }
    }
  });

  it('counts through Intl, grouped as the language groups digits', () => {
    expect(relativeTime(ago(1500 * 365 * 86400), now, inLanguage('en-US'))).toBe('1,500 years ago');
    expect(relativeTime(ago(1500 * 365 * 86400), now, inLanguage('de'))).toBe('vor 1.500 Jahren');
  });

  it('shows an unreadable time as it came', () => {
    expect(relativeTime('not a date', now, inLanguage('en-US'))).toBe('not a date');
  });
});
