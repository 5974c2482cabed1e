import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiErrorText } from './api-error';

const resources = Object.fromEntries(
  ['en-US', 'yo'].map((lng) => [lng, { translation: JSON.parse(readFileSync(`public/locales/${lng}/translation.json`, 'utf8')) }]),
);

describe('apiErrorText', () => {
  const i18n = i18next.createInstance();
  beforeAll(() => i18n.init({ resources, lng: 'en-US', fallbackLng: 'en-US', interpolation: { escapeValue: false } }));

  it("keeps the server's parameters: a wait of 42 seconds reads as 42 seconds, in every language", async () => {
    const error = new ApiError(429, { code: 'RESEND_TOO_SOON', params: { seconds: 42 }, message: 'ignored' });
    expect(apiErrorText(i18n.t, error)).toBe('Please wait 42 seconds before requesting a new code.');
    await i18n.changeLanguage('yo');
    expect(apiErrorText(i18n.t, error)).toBe('Jọ̀wọ́ dúró fún ìṣẹ́jú-àáyá 42 kí o tó béèrè kóòdù tuntun.');
    await i18n.changeLanguage('en-US');
  });

  it('says the refund went to the wallet, with its amount', () => {
    const error = new ApiError(409, { code: 'PAYMENT_CREDITED_TO_WALLET', params: { amount: '₦3,500.00' } });
    expect(apiErrorText(i18n.t, error)).toBe(
      'This delivery could no longer take the payment, so ₦3,500.00 was credited to your wallet.',
    );
  });

  it("prefers a field's message key over the code, and never shows the server's English", () => {
    const error = new ApiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'Delivery date must be today or later',
      detailKeys: { deliveryDate: ['booking.validation.deliveryDateInvalid'] },
    });
    expect(apiErrorText(i18n.t, error)).toBe(i18n.t('booking.validation.deliveryDateInvalid'));
    expect(apiErrorText(i18n.t, new ApiError(404, { code: 'DELIVERY_NOT_FOUND', message: 'English' }))).toBe(
      "We couldn't find this delivery.",
    );
  });

  it('uses the fallback when the server named no code', () => {
    expect(apiErrorText(i18n.t, new ApiError(418, {}), 'Something went wrong. Please try again.')).toBe(
      'Something went wrong. Please try again.',
    );
  });
});
