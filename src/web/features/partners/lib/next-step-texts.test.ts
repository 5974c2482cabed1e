import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/shared/i18n';
import { PARTNER_TYPES } from '@/shared/schemas/partners';
import { createCatalogueI18n } from '@/web/test/catalogue-i18n';

/** Decision 093: an approved partner reads one next step, the same in the notification, the list and the email. */
describe("an approved partner's next step", () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createCatalogueI18n();
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
