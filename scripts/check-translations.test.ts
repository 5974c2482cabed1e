import { describe, expect, it } from 'vitest';
import {
  acceptTranslations,
  checkTranslations,
  fingerprint,
  outboundPlaceholderProblem,
  type TranslationSources,
} from './check-translations';

/** A tiny world: two codes, en-US and French, French translated from today's English. */
function sources(): TranslationSources {
  const en = new Map([
    ['errors.codes.RESEND_TOO_SOON', 'Please wait {{seconds}} seconds before requesting a new code.'],
    ['errors.codes.PAYMENT_PENDING', 'The payment has not been completed yet.'],
  ]);
  const fr = new Map([
    ['errors.codes.RESEND_TOO_SOON', 'Veuillez patienter {{seconds}} secondes avant de demander un nouveau code.'],
    ['errors.codes.PAYMENT_PENDING', "Le paiement n'est pas encore finalisé."],
  ]);
  return {
    locales: { 'en-US': en, fr },
    fingerprints: { fr: Object.fromEntries([...en].map(([key, text]) => [key, fingerprint(text)])) },
    errorCodes: ['RESEND_TOO_SOON', 'PAYMENT_PENDING'],
    catalogue: Object.fromEntries(en),
  };
}

describe('the translation check', () => {
  it('passes when every translation was made from the current English', () => {
    expect(checkTranslations(sources())).toEqual([]);
  });

  it('fails on a translation whose English changed after it was made, until it is accepted again', () => {
    const changed = sources();
    const english = 'Your payment has not been confirmed yet. Please wait a moment and try again.';
    changed.locales['en-US']!.set('errors.codes.PAYMENT_PENDING', english);
    changed.catalogue['errors.codes.PAYMENT_PENDING'] = english;
    expect(checkTranslations(changed)).toEqual([expect.stringMatching(/^fr: stale errors\.codes\.PAYMENT_PENDING/)]);

    changed.locales.fr!.set('errors.codes.PAYMENT_PENDING', "Votre paiement n'est pas encore confirmé. Patientez un instant et réessayez.");
    changed.fingerprints = acceptTranslations(changed, 'fr', ['errors.codes.PAYMENT_PENDING']);
    expect(checkTranslations(changed)).toEqual([]);
  });

  it('fails on a translation with no record of its English', () => {
    const unrecorded = sources();
    delete unrecorded.fingerprints.fr!['errors.codes.RESEND_TOO_SOON'];
    expect(checkTranslations(unrecorded)).toEqual([expect.stringMatching(/^fr: errors\.codes\.RESEND_TOO_SOON has no record/)]);
  });

  it('fails on an error code without a key', () => {
    const newCode = sources();
    newCode.errorCodes = [...newCode.errorCodes, 'ACCOUNT_LOCKED'];
    expect(checkTranslations(newCode)).toEqual(['en-US: error code ACCOUNT_LOCKED has no key errors.codes.ACCOUNT_LOCKED']);
  });

  it('fails when en-US says something else than the server catalogue', () => {
    const drifted = sources();
    drifted.catalogue['errors.codes.PAYMENT_PENDING'] = 'The payment is still pending.';
    expect(checkTranslations(drifted)).toEqual([expect.stringMatching(/^en-US: errors\.codes\.PAYMENT_PENDING differs/)]);
  });

  it('fails when a translation loses a parameter', () => {
    const lost = sources();
    lost.locales.fr!.set('errors.codes.RESEND_TOO_SOON', 'Veuillez patienter une minute.');
    expect(checkTranslations(lost)).toEqual(['fr: placeholders differ in errors.codes.RESEND_TOO_SOON']);
  });
});

describe('the placeholders of outbound texts (messages.*)', () => {
  const english = 'Lanefreight: {{driver}} brings it ({{eta}}). Give the code {{code}}. {{link}}';

  it('accept the same set in another order, spacing or repetition', () => {
    expect(outboundPlaceholderProblem(english, 'Lanefreight: {{link}} {{ code }} {{driver}} {{eta}} {{code}}')).toBeNull();
  });

  it('name what a translation lacks, adds, or leaves as a stray brace', () => {
    expect(outboundPlaceholderProblem(english, 'Lanefreight: {{driver}} ({{eta}}). {{link}}')).toBe('lacks {{code}}');
    expect(outboundPlaceholderProblem(english, 'Lanefreight: {{driver}} ({{eta}}) {{code}} {{link}} {{name}}')).toBe(
      'has {{name}}, which en-US has not',
    );
    expect(outboundPlaceholderProblem(english, 'Lanefreight: {{driver}} ({{eta}}) {code} {{link}}')).toBe('lacks {{code}}; has a stray "{"');
    expect(outboundPlaceholderProblem(english, 'Lanefreight: {{driver}} ({{eta}}) {{code} {{link}}')).toBe('lacks {{code}}; has a stray "{"');
  });

  it('fail the check for a translation that would send an SMS without its code', () => {
    const world = sources();
    const key = 'messages.receiver.driverAssigned';
    const french = 'Lanefreight : {{driver}} arrive ({{eta}}). Donnez le code {{code}}. {{link}}';
    world.locales['en-US']!.set(key, english);
    world.locales.fr!.set(key, french);
    world.fingerprints.fr![key] = fingerprint(english);
    expect(checkTranslations(world)).toEqual([]);

    world.locales.fr!.set(key, 'Lanefreight : {{driver}} arrive ({{eta}}). Donnez le code. {{link}}');
    expect(checkTranslations(world)).toEqual([`fr: placeholders differ in ${key}: lacks {{code}}`]);
  });

  it('fail the check for a stray brace in the English of an outbound text', () => {
    const world = sources();
    const key = 'messages.codes.verify.body';
    world.locales['en-US']!.set(key, 'Your code is {code}.');
    world.locales.fr!.set(key, 'Votre code est {code}.');
    world.fingerprints.fr![key] = fingerprint('Your code is {code}.');
    expect(checkTranslations(world)).toEqual([
      `en-US: placeholders wrong in ${key}: has a stray "{"`,
      `fr: placeholders differ in ${key}: has a stray "{"`,
    ]);
  });
});
