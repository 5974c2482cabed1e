import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import { toast } from 'sonner';
import { formatNaira } from '@/shared/money';
import { isApiError } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { AMOUNT_MESSAGES, type AmountProblem } from './amount';
import { amountProblemOf } from './amount-form';

interface Limits {
  minKobo: number;
  maxKobo: number;
}

/** The words for an amount's problem, with the limit it broke. */
export function amountProblemText(t: TFunction, problem: AmountProblem, limits: Limits) {
  return t(AMOUNT_MESSAGES[problem], { amount: formatNaira(problem === 'belowMinimum' ? limits.minKobo : limits.maxKobo) });
}

/** An amount field's words: an amount problem with the limit it broke, else its message as it came. */
export function amountErrorText(t: TFunction, error: FieldError | undefined, limits: Limits) {
  const problem = amountProblemOf(error?.message);
  return problem ? amountProblemText(t, problem, limits) : fieldErrorText(t, error);
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
  toastApiError(t, error, t(titleKey));
}
