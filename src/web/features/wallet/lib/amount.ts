import { parseNairaToKobo } from '@/web/lib/naira';

export { parseNairaToKobo };

/** i18n keys of what is wrong with a typed amount (the first three are the wallet server's keys too). */
export const AMOUNT_MESSAGES = {
  invalid: 'walletMoney.validation.invalidAmount',
  belowMinimum: 'walletMoney.validation.belowMinimum',
  aboveMaximum: 'walletMoney.validation.aboveMaximum',
  insufficient: 'wallet.validation.insufficientBalance',
} as const;

export type AmountProblem = keyof typeof AMOUNT_MESSAGES;
