import { describe, expect, it } from 'vitest';
import { defaultCountryCode, COUNTRIES } from '../data/countries';
import * as FLAGS from '../data/flags';
import { readAuthState, readResetPasswordState, readVerifyOtpState, safeReturnPath } from './navigation-state';
import { toInternationalNumber } from './phone';

describe('toInternationalNumber', () => {
  it('joins the dial code and the typed number, dropping a trunk zero', () => {
    expect(toInternationalNumber('+234', '8031234567', 'NG')).toBe('+2348031234567');
    expect(toInternationalNumber('+234', '0803 123 4567', 'NG')).toBe('+2348031234567');
    expect(toInternationalNumber('+39', '06 1234 5678', 'IT')).toBe('+390612345678');
    expect(toInternationalNumber('+1', '+44 20 7946 0958', 'US')).toBe('+442079460958');
  });
});

describe('countries', () => {
  it('has about 150 countries, each with a bundled flag and a dial prefix', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(140);
    const flags: Record<string, string> = FLAGS;
    for (const country of COUNTRIES) {
      expect(flags[country.code], country.code).toMatch(/^<svg/);
      expect(country.dial).toMatch(/^\+\d{1,4}$/);
    }
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
  });

  it('defaults to the browser region when listed, else US', () => {
    expect(defaultCountryCode(['en-NG'])).toBe('NG');
    expect(defaultCountryCode(['fr'])).toBe('US');
    expect(defaultCountryCode(['en-AQ', 'de-DE'])).toBe('DE');
    expect(defaultCountryCode(['not a tag'])).toBe('US');
  });

  it('takes a reader of Yoruba, Hausa or Igbo to be in Nigeria, unless a region says otherwise (decision 092)', () => {
    for (const language of ['yo', 'ha', 'ig', 'ig-NG']) expect(defaultCountryCode([language])).toBe('NG');
    expect(defaultCountryCode(['fr', 'ha'])).toBe('NG');
    expect(defaultCountryCode(['en-GB', 'yo'])).toBe('GB');
    expect(defaultCountryCode(['pt', 'es'])).toBe('US');
  });
});

describe('navigation state', () => {
  it('accepts only same-site return paths', () => {
    expect(safeReturnPath('/dashboard/wallet?x=1')).toBe('/dashboard/wallet?x=1');
    expect(safeReturnPath('//evil.example')).toBeUndefined();
    expect(safeReturnPath('https://evil.example')).toBeUndefined();
    expect(safeReturnPath('/auth')).toBeUndefined();
  });

  it('reads each screen state defensively', () => {
    expect(readAuthState(null)).toEqual({});
    expect(readAuthState({ tab: 'login', identifier: 'a@b.co', from: '/dashboard' })).toMatchObject({
      tab: 'login',
      from: '/dashboard',
    });
    expect(readVerifyOtpState({ fromRegistration: true })).toBeNull();
    expect(readVerifyOtpState({ identifier: 'a@b.co', fromRegistration: true })).toMatchObject({
      fromRegistration: true,
    });
    expect(readResetPasswordState({ identifier: 'a@b.co', verified: true })).toBeNull();
    expect(readResetPasswordState({ identifier: 'a@b.co', verified: true, resetToken: 't'.repeat(30) })).not.toBeNull();
  });
});
