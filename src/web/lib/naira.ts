import { KOBO_PER_NAIRA } from '@/shared/money';

/**
 * Typed naira as integer kobo, or why not: 'invalid', not a positive amount of at most kobo precision; 'tooLarge', a
 * well-written amount beyond any limit (more than MAX_DIGITS naira digits), which a form answers with its limit.
 */
export type NairaParse = { ok: true; kobo: number } | { ok: false; problem: 'invalid' | 'tooLarge' };

/** Naira as people type them: "5000", "5,000", "₦5,000.50", "5 000". At most kobo precision. */
const NAIRA_PATTERN = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** Far above any limit, and well inside what a double holds exactly. */
const MAX_DIGITS = 13;

/**
 * Naira text to integer kobo, without floating point: "1,234.5" is 123450. Non-numeric, zero, negative and sub-kobo
 * ("1.005") amounts are `invalid`; absurdly large ones `tooLarge`.
 */
export function parseNairaToKobo(input: string): NairaParse {
  const text = input.trim().replace(/^₦\s*/, '').replace(/\s/g, '');
  if (!NAIRA_PATTERN.test(text)) return { ok: false, problem: 'invalid' };
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { ok: false, problem: 'tooLarge' };
  const kobo = Number(digits) * KOBO_PER_NAIRA + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo) || kobo <= 0) return { ok: false, problem: 'invalid' };
  return { ok: true, kobo };
}

/** Kobo as an amount field's text, the way people type naira: 2000000 is "20000", 2000050 is "20000.50". */
export function nairaInputOf(kobo: number): string {
  const whole = Math.trunc(kobo / KOBO_PER_NAIRA);
  const rest = kobo % KOBO_PER_NAIRA;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
}
