import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n';
import { PARTNER_TYPES } from '@/shared/schemas/partners';
import { I18N_INTERPOLATION } from '@/web/lib/i18n-interpolation';

const catalogues = Object.fromEntries(LANGUAGES.map((lng) => [lng, JSON.parse(readFileSync(`public/locales/${lng}/translation.json`, 'utf8'))]));

/** Decision 093: an approved partner reads one next step, the same in the notification, the list and the email. */
describe("an approved partner's next step", () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      resources: Object.fromEntries(Object.entries(catalogues).map(([lng, translation]) => [lng, { translation }])),
      lng: 'en-US',
      fallbackLng: 'en-US',
      interpolation: I18N_INTERPOLATION,
    });
  });

  it('the in-app notification ends with the text the email ends with, in every language', () => {
    for (const lng of LANGUAGES) {
      for (const type of PARTNER_TYPES) {
        const nextStep = i18n.t(`messages.applicationDecisions.nextStep.${type}`, { lng });
        const notification = i18n.t(`notifications.messages.${type}ApplicationApproved`, { lng });
        expect(notification, `${lng} ${type}`).not.toContain('$t(');
        expect(notification.endsWith(` ${nextStep}`), `${lng} ${type}: ${notification}`).toBe(true);
        expect(i18n.t('partners.applications.hint.approved', { lng, nextStep }).endsWith(nextStep)).toBe(true);
      }
    }
  });

  it('an investor is told our team contacts them, not to sign in and start', () => {
    expect(i18n.t('notifications.messages.investmentApplicationApproved', { lng: 'fr' })).toBe(
      'Votre candidature de partenaire investisseur a été approuvée. Notre équipe vous contactera pour la suite.',
    );
    expect(i18n.t('notifications.messages.transportationApplicationApproved')).toContain('"On duty"');
  });
});
