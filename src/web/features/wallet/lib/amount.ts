import { KOBO_PER_NAIRA } from '@/shared/money';

/** i18n keys of what is wrong with a typed amount (the first three are the wallet server's keys too). */
export const AMOUNT_MESSAGES = {
  invalid: 'walletMoney.validation.invalidAmount',
  belowMinimum: 'walletMoney.validation.belowMinimum',
  aboveMaximum: 'walletMoney.validation.aboveMaximum',
  insufficient: 'wallet.validation.insufficientBalance',
} as const;

export type AmountProblem = keyof typeof AMOUNT_MESSAGES;
export type AmountResult = { ok: true; kobo: number } | { ok: false; problem: AmountProblem };

/** Naira as people type them: "5000", "5,000", "₦5,000.50", "5 000". At most kobo precision. */
const NAIRA_PATTERN = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;
/** Far above any limit, and well inside what a double holds exactly. */
const MAX_DIGITS = 13;

/**
 * Naira text to integer kobo, without floating point: "1,234.5" is 123450. Non-numeric, zero, negative,
 * sub-kobo ("1.005") and absurdly large amounts are `invalid`.
 */
export function parseNairaToKobo(input: string): AmountResult {
  const text = input.trim().replace(/^₦\s*/, '').replace(/\s/g, '');
  if (!NAIRA_PATTERN.test(text)) return { ok: false, problem: 'invalid' };
  const [whole = '', fraction = ''] = text.replace(/,/g, '').split('.');
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DIGITS) return { ok: false, problem: 'invalid' };
  const kobo = Number(digits) * KOBO_PER_NAIRA + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo) || kobo <= 0) return { ok: false, problem: 'invalid' };
  return { ok: true, kobo };
}

export interface AmountRules {
  minKobo: number;
  maxKobo: number;
  /** A withdrawal cannot exceed the balance. */
  balanceKobo?: number;
}

/** The spec's order: a valid amount first, then the limits, then the balance. */
export function checkAmount(input: string, rules: AmountRules): AmountResult {
  const parsed = parseNairaToKobo(input);
  if (!parsed.ok) return parsed;
  if (parsed.kobo < rules.minKobo) return { ok: false, problem: 'belowMinimum' };
  if (parsed.kobo > rules.maxKobo) return { ok: false, problem: 'aboveMaximum' };
  if (rules.balanceKobo !== undefined && parsed.kobo > rules.balanceKobo) return { ok: false, problem: 'insufficient' };
  return parsed;
}
