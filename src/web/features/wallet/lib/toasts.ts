import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { formatNaira } from '@/shared/money';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { AMOUNT_MESSAGES, type AmountProblem } from './amount';

interface Limits {
  minKobo: number;
  maxKobo: number;
}

/** The words for an amount's problem, with the limit it broke. */
export function amountProblemText(t: TFunction, problem: AmountProblem, limits: Limits) {
  return t(AMOUNT_MESSAGES[problem], { amount: formatNaira(problem === 'belowMinimum' ? limits.minKobo : limits.maxKobo) });
}

/** The spec's toast for an amount: "Insufficient Balance" for the balance, "Invalid Amount" for the rest. */
export function toastAmountProblem(t: TFunction, problem: AmountProblem, limits: Limits) {
  const title = problem === 'insufficient' ? t('wallet.toasts.insufficientBalance') : t('wallet.toasts.invalidAmount');
  toast.error(title, { description: amountProblemText(t, problem, limits) });
}

const INSUFFICIENT_CODES = new Set(['INSUFFICIENT_BALANCE', 'WITHDRAWAL_INSUFFICIENT_BALANCE']);

export function isInsufficientBalance(error: unknown): boolean {
  return isApiError(error) && INSUFFICIENT_CODES.has(error.code ?? '');
}

/** A refusal from the server, under the dialog's failure title. */
export function toastRefusal(t: TFunction, titleKey: string, error: unknown) {
  if (isApiError(error) && error.unavailable) return; // the API client has shown "API Not Available"
  if (isInsufficientBalance(error)) {
    toast.error(t('wallet.toasts.insufficientBalance'), { description: t(AMOUNT_MESSAGES.insufficient) });
    return;
  }
  toast.error(t(titleKey), { description: apiErrorText(t, error) });
}
