import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type IdentifierKind = 'email' | 'phone';

export interface NormalizedIdentifier {
  kind: IdentifierKind;
  /** Lower-cased email, or E.164 phone number. */
  value: string;
}

/** An email is trimmed and lower-cased. */
export function normalizeEmail(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return EMAIL_PATTERN.test(value) && value.length <= 254 ? value : null;
}

/** A phone or WhatsApp number in E.164 (`+2348031234567`), or null when it is not a valid number. */
export function normalizePhone(raw: string, defaultCountry: 'NG' | undefined = 'NG'): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  if (!/^\+?\d{4,17}$/.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(compact, compact.startsWith('+') ? undefined : defaultCountry);
  return parsed?.isValid() ? parsed.number : null;
}

/** A sign-in identifier: an email, or a phone / WhatsApp number (Nigerian numbers may omit +234). */
export function normalizeIdentifier(raw: string): NormalizedIdentifier | null {
  if (raw.includes('@')) {
    const email = normalizeEmail(raw);
    return email ? { kind: 'email', value: email } : null;
  }
  const phone = normalizePhone(raw);
  return phone ? { kind: 'phone', value: phone } : null;
}
