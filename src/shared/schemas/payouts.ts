import { z } from 'zod';
import { findBank, NIGERIAN_BANKS, NUBAN_PATTERN, nubanProblem } from '../banks.js';
import { ACCOUNT_NAME_MAX } from '../rule-limits.js';

/** i18n keys (public/locales/<lng>/translation.json); the web shows `t(issue.message)`. */
export const PAYOUT_MESSAGES = {
  bankRequired: 'validation.payout.bankRequired',
  bankUnknown: 'validation.payout.bankUnknown',
  accountNumberFormat: 'validation.payout.accountNumberFormat',
  accountNumberInvalid: 'validation.payout.accountNumberInvalid',
  accountNameRequired: 'validation.payout.accountNameRequired',
  accountNameTooLong: 'validation.payout.accountNameTooLong',
} as const;

/** People type account numbers in groups ("0016 563 228"); only the digits count. */
const accountNumber = z
  .string()
  .max(20, PAYOUT_MESSAGES.accountNumberFormat)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(NUBAN_PATTERN, PAYOUT_MESSAGES.accountNumberFormat));

/**
 * A bank account to pay out to. Errors name the field and the problem: an unknown bank, an account number that is
 * not 10 digits, or one whose NUBAN check digit does not match the chosen bank.
 */
export const payoutAccountSchema = z
  .object({
    bankCode: z
      .string()
      .trim()
      .min(1, { message: PAYOUT_MESSAGES.bankRequired, abort: true })
      .max(10, PAYOUT_MESSAGES.bankUnknown)
      .refine((code) => findBank(code) !== undefined, PAYOUT_MESSAGES.bankUnknown),
    accountNumber,
    accountName: z
      .string()
      .trim()
      .min(2, PAYOUT_MESSAGES.accountNameRequired)
      .max(ACCOUNT_NAME_MAX, PAYOUT_MESSAGES.accountNameTooLong),
  })
  .superRefine((account, ctx) => {
    if (nubanProblem(account.bankCode, account.accountNumber) === 'checkDigit') {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: PAYOUT_MESSAGES.accountNumberInvalid });
    }
  });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** `GET /api/banks`: the list the withdrawal form offers. */
export const bankSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(['commercial', 'non-interest', 'microfinance', 'mobile-money']),
});
export const banksResponseSchema = z.array(bankSchema);
export type Bank = z.infer<typeof bankSchema>;

export function listBanks(): Bank[] {
  return [...NIGERIAN_BANKS]
    .map(({ code, name, kind }) => ({ code, name, kind }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
