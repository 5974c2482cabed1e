import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n';
import { IMPORT_MAX_ROWS } from '@/shared/schemas/imports';
import { RATING_COMMENT_MAX } from '@/shared/rule-limits';
import { I18N_INTERPOLATION } from './i18n-interpolation';
import { addRuleTexts } from './rule-texts';
import { formatPublishedStat } from './published-figures';
import { CATALOGUES, createCatalogueI18n, type CatalogueTree } from '@/web/test/catalogue-i18n';

type Tree = CatalogueTree;
const catalogues = CATALOGUES;

function flatten(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`),
  );
}

describe('numbers a text states, through Intl', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createCatalogueI18n();
    addRuleTexts(i18n);
  });

  it('a limit comes from the rule that enforces it, with no parameter from the caller', () => {
    expect(i18n.t('validation.dispatch.commentTooLong')).toBe(`The comment must be at most ${RATING_COMMENT_MAX} characters`);
    expect(i18n.t('validation.dispatch.commentTooLong', { lng: 'de' })).toBe(`Der Kommentar darf höchstens ${RATING_COMMENT_MAX} Zeichen lang sein`);
    expect(i18n.t('booking.validation.codAmount')).toBe('Enter an amount to collect from ₦100.00 to ₦500,000.00, in whole kobo');
  });

  it('a limit of a thousand is grouped as each language groups digits', () => {
    const tooMany = (lng: string) => i18n.t('errors.codes.IMPORT_TOO_MANY_ROWS', { lng, maxRows: IMPORT_MAX_ROWS });
    expect(IMPORT_MAX_ROWS).toBe(1000);
    expect(tooMany('en-US')).toBe('A file can hold at most 1,000 deliveries. Split it into smaller files.');
    expect(tooMany('fr')).toContain('1\u202f000');
    expect(tooMany('de')).toContain('1.000');
    // A limit raised past a thousand would read the same way, without touching a translation.
    expect(i18n.t('places.validation.directionsTooLong', { lng: 'fr', placeDirectionsMax: 1500 })).toBe(
      'Les indications doivent faire moins de 1\u202f500 caractères',
    );
  });

  it('the published figures read as each language writes them, in texts and on the stat cards', () => {
    expect(i18n.t('partners.become.transportation.points.earnings')).toBe('Earn up to ₦200,000+ monthly');
    expect(i18n.t('partners.become.transportation.points.earnings', { lng: 'fr' })).toBe("Gagnez jusqu'à 200\u202f000\u00a0₦+ par mois");
    expect(i18n.t('landing.partners.operators.pitch', { lng: 'de' })).toContain('mehr als 50.000 Lieferungen');
    expect(i18n.t('partners.options.initialCapital.1m_5m', { lng: 'de' })).toBe('1\u00a0Mio.\u00a0₦ – 5\u00a0Mio.\u00a0₦');
    expect(formatPublishedStat('partners', 'en-US')).toBe('5,000+');
    expect(formatPublishedStat('partners', 'fr')).toBe('5\u202f000+');
    expect(formatPublishedStat('deliveries', 'en-US')).toBe('50K+');
    expect(formatPublishedStat('earnings', 'de')).toBe('2,5\u00a0Mio.\u00a0₦');
  });

  it('a delivery slot is a time range as each language writes one', () => {
    const normalised = (lng: string) => i18n.t('booking.options.deliveryTime.afternoon', { lng }).replace(/\s/g, ' ');
    expect(normalised('en-US')).toBe('Afternoon (12:00 – 6:00 PM)');
    expect(normalised('de')).toBe('Nachmittag (12:00–18:00 Uhr)');
    expect(normalised('es')).toBe('Tarde (12:00–18:00)');
  });

  it('every text in every language fills each rule value it names', () => {
    const unfilled: string[] = [];
    for (const lng of LANGUAGES) {
      for (const [key, text] of flatten(catalogues[lng]!)) {
        const names = [...text.matchAll(/{{\s*(\w+)/g)].map((match) => match[1]!).filter((name) => name in i18n.options.interpolation!.defaultVariables!);
        if (names.length === 0) continue;
        const shown = i18n.t(key, { lng, count: 2, name: 'Ada', url: 'https://example.com' });
        if (names.some((name) => shown.includes(name))) unfilled.push(`${lng} ${key}: ${shown}`);
      }
    }
    expect(unfilled).toEqual([]);
  });

  it("the landing page's texts name only the values core carries, not the rules' the app shell adds", () => {
    const appOnly = new Set(Object.keys(i18n.options.interpolation!.defaultVariables!).filter((name) => !(name in I18N_INTERPOLATION.defaultVariables!)));
    expect(appOnly).toContain('passwordMin');
    expect(appOnly).toContain('morningHours');
    const named = LANGUAGES.flatMap((lng) =>
      flatten(catalogues[lng]!)
        .filter(([key]) => key.startsWith('landing.') || key.startsWith('common.'))
        .flatMap(([key, text]) => [...text.matchAll(/{{\s*(\w+)/g)].filter((match) => appOnly.has(match[1]!)).map(() => `${lng} ${key}`)),
    );
    expect(named).toEqual([]);
  });
});
