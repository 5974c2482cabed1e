import { readFileSync } from 'node:fs';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDeliveryWindow } from './format';

const locale = (lng: string) => JSON.parse(readFileSync(`public/locales/${lng}/translation.json`, 'utf8')) as Record<string, unknown>;

let en: TFunction;
let fr: TFunction;
let de: TFunction;

beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: locale('en-US') }, fr: { translation: locale('fr') }, de: { translation: locale('de') } },
    interpolation: { escapeValue: false },
  });
  en = i18n.getFixedT('en-US');
  fr = i18n.getFixedT('fr');
  de = i18n.getFixedT('de');
});

/** Intl puts narrow and thin no-break spaces around times and dashes; compare with plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

// Friday 27 November 2026, 10:00 in Lagos (UTC+1).
const NOW = Date.parse('2026-11-27T09:00:00Z');
const win = (from: string, to: string = from) => ({ from, to });

describe('formatDeliveryWindow', () => {
  it('says "Today" with a range of Lagos times for a window later today', () => {
    // 13:05–13:50 UTC is 14:05–14:50 in Lagos.
    const window = win('2026-11-27T13:05:00Z', '2026-11-27T13:50:00Z');
    expect(plain(formatDeliveryWindow(window, 'en-US', en, NOW))).toBe('Today, 2:05 – 2:50 PM');
    expect(plain(formatDeliveryWindow(window, 'fr', fr, NOW))).toBe("Aujourd'hui, 14:05 – 14:50");
    expect(plain(formatDeliveryWindow(window, 'de', de, NOW))).toMatch(/^Heute, 14:05\s?–\s?14:50 Uhr$/);
  });

  it('uses the Lagos day, not the device clock: 23:30 UTC on the 27th is already tomorrow in Lagos', () => {
    const window = win('2026-11-27T23:30:00Z', '2026-11-27T23:55:00Z');
    expect(plain(formatDeliveryWindow(window, 'fr', fr, NOW))).toBe('Demain, 00:30 – 00:55');
  });

  it('names the day for a window after tomorrow', () => {
    const window = win('2026-12-01T09:00:00Z', '2026-12-01T11:00:00Z');
    expect(plain(formatDeliveryWindow(window, 'en-US', en, NOW))).toBe('Tue, Dec 1, 10:00 AM – 12:00 PM');
  });

  it('shows dates only for a window that spans days (interstate)', () => {
    const window = win('2026-11-27T07:00:00Z', '2026-11-28T17:00:00Z');
    expect(plain(formatDeliveryWindow(window, 'en-US', en, NOW))).toBe('Fri, Nov 27 – Sat, Nov 28');
    expect(plain(formatDeliveryWindow(window, 'fr', fr, NOW))).toBe('ven. 27 – sam. 28 nov.');
  });

  it('keeps the times of a short window that crosses midnight', () => {
    const window = win('2026-11-27T20:30:00Z', '2026-11-27T23:15:00Z');
    expect(plain(formatDeliveryWindow(window, 'en-US', en, NOW))).toBe('Fri, Nov 27, 9:30 PM – Sat, Nov 28, 12:15 AM');
  });

  it('shows one instant when from = to (delivered)', () => {
    expect(plain(formatDeliveryWindow(win('2026-11-27T08:10:00Z'), 'en-US', en, NOW))).toBe('Today, 9:10 AM');
    expect(plain(formatDeliveryWindow(win('2026-11-27T08:10:00Z'), 'fr', fr, NOW))).toBe("Aujourd'hui, 09:10");
  });

  it('adds the year when the window is in another year', () => {
    expect(plain(formatDeliveryWindow(win('2025-03-14T11:00:00Z'), 'en-US', en, NOW))).toBe('Fri, Mar 14, 2025, 12:00 PM');
  });

  it('shows an unreadable window as it came', () => {
    expect(formatDeliveryWindow(win('soon'), 'en-US', en, NOW)).toBe('soon');
  });
});
