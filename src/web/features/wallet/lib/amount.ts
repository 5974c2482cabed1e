import { parseNairaToKobo, type NairaParse } from '@/web/lib/naira';

export { parseNairaToKobo };

/** i18n keys of what is wrong with a typed amount (the first three are the wallet server's keys too). */
export const AMOUNT_MESSAGES = {
  invalid: 'walletMoney.validation.invalidAmount',
  belowMinimum: 'walletMoney.validation.belowMinimum',
  aboveMaximum: 'walletMoney.validation.aboveMaximum',
  insufficient: 'wallet.validation.insufficientBalance',
} as const;

export type AmountProblem = keyof typeof AMOUNT_MESSAGES;
export type AmountResult = NairaParse | { ok: false; problem: AmountProblem };

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
