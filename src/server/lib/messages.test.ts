import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULE_VALUES } from '../../shared/rule-values.js';
import { ERROR_MESSAGES, interpolate, VALIDATION_MESSAGES } from './messages.js';
import { PROJECT_ROOT } from './project-root.js';

const translation = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'public/locales/en-US/translation.json'), 'utf8')) as object;

describe("the server's catalogue says what the web says", () => {
  const web = i18next.createInstance();
  beforeAll(() =>
    web.init({ resources: { 'en-US': { translation } }, lng: 'en-US', interpolation: { escapeValue: false, defaultVariables: RULE_VALUES } }),
  );

  it('fills the rules’ values and formats numbers through Intl in the language asked for', () => {
    expect(interpolate('At most {{placeDirectionsMax, number}} characters')).toBe(`At most ${RULE_VALUES.placeDirectionsMax} characters`);
    expect(interpolate('{{rows, number}} rows', { rows: 12_500 })).toBe('12,500 rows');
    expect(interpolate('{{rows, number}} lignes', { rows: 12_500 }, 'fr')).toBe('12\u202f500 lignes');
    expect(interpolate('{{rows, number}} Zeilen', { rows: 12_500 }, 'de')).toBe('12.500 Zeilen');
    expect(interpolate('Hello {{name}}')).toBe('Hello {{name}}');
  });

  it('every message, rule values and numbers filled, reads the same on the server and in the web’s English', () => {
    const params = { seconds: 1200, limit: 2, maxMegabytes: 10, maxMegapixels: 16, days: 30, maxRows: 1000, count: 3, amount: '₦1,000.00' };
    const catalogue: Array<[string, string]> = [
      ...Object.entries(ERROR_MESSAGES).map(([code, english]): [string, string] => [`errors.codes.${code}`, english]),
      ...Object.entries(VALIDATION_MESSAGES),
    ];
    for (const [key, english] of catalogue) expect(interpolate(english, params), key).toBe(web.t(key, params));
  });
});
