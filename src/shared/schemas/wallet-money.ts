import { z } from 'zod';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';
import { formatNaira } from '../money.js';
import { payoutAccountSchema } from './payouts.js';
import { TRANSFER_REFERENCE_LENGTH } from '../rule-limits.js';

/**
 * Limits on money in and out of a wallet (decision 028), in kobo, shared by the web's dialogs and the server.
 * Top-up: ₦100 – ₦5,000,000. Withdrawal: ₦100 – ₦1,000,000 each.
 */
export const WALLET_LIMITS = {
  topUpMinKobo: 100_00,
  topUpMaxKobo: 5_000_000_00,
  withdrawalMinKobo: 100_00,
  withdrawalMaxKobo: 1_000_000_00,
} as const;

/** i18n keys (public/locales/<lng>/translation.json, section `walletMoney`); the web shows `t(message)`. */
export const WALLET_MONEY_MESSAGES = {
  invalidAmount: 'walletMoney.validation.invalidAmount',
  belowMinimum: 'walletMoney.validation.belowMinimum',
  aboveMaximum: 'walletMoney.validation.aboveMaximum',
  transferReferenceRequired: 'walletMoney.validation.transferReferenceRequired',
  transferReferenceFormat: 'walletMoney.validation.transferReferenceFormat',
} as const;

/**
 * Integer kobo within [min, max]. Not a number, not a whole number of kobo, zero or negative: "Invalid Amount". A
 * whole amount outside the limits names the limit, however far outside (a typo of six zeros is still a number the
 * person meant): a custom issue's `params` are its message's parameters, sent beside the key (`detailParams`).
 */
export function amountKoboSchema(minKobo: number, maxKobo: number) {
  return z
    .number({ error: WALLET_MONEY_MESSAGES.invalidAmount })
    .refine(Number.isInteger, { error: WALLET_MONEY_MESSAGES.invalidAmount, abort: true })
    .refine((amount) => amount > 0, { error: WALLET_MONEY_MESSAGES.invalidAmount, abort: true })
    .superRefine((amount, ctx) => {
      if (amount < minKobo) ctx.addIssue({ code: 'custom', message: WALLET_MONEY_MESSAGES.belowMinimum, params: { amount: formatNaira(minKobo) } });
      else if (amount > maxKobo) ctx.addIssue({ code: 'custom', message: WALLET_MONEY_MESSAGES.aboveMaximum, params: { amount: formatNaira(maxKobo) } });
    });
}

export const topUpBodySchema = z.object({
  amountKobo: amountKoboSchema(WALLET_LIMITS.topUpMinKobo, WALLET_LIMITS.topUpMaxKobo),
});
export type TopUpBody = z.infer<typeof topUpBodySchema>;

export const topUpResultSchema = z.object({
  reference: z.string(),
  /** Where to send the payer: the gateway's checkout (the sandbox's is a same-origin path). */
  checkoutUrl: z.string(),
});
export type TopUpResult = z.infer<typeof topUpResultSchema>;

export const topUpReferenceParamsSchema = z.object({ reference: z.string().trim().min(1).max(100) });

export const topUpVerifyResultSchema = z.object({
  reference: z.string(),
  status: z.literal('succeeded'),
  amountKobo: z.number().int(),
  /** The wallet balance after the credit (kobo). */
  balance: z.number().int(),
});
export type TopUpVerifyResult = z.infer<typeof topUpVerifyResultSchema>;

export const withdrawalBodySchema = payoutAccountSchema.and(
  z.object({ amountKobo: amountKoboSchema(WALLET_LIMITS.withdrawalMinKobo, WALLET_LIMITS.withdrawalMaxKobo) }),
);
export type WithdrawalBody = z.infer<typeof withdrawalBodySchema>;

/** Letters, digits and the separators banks print in references; checked after spaces are taken out. */
export const TRANSFER_REFERENCE_PATTERN = new RegExp(`^[A-Za-z0-9/_.-]{${TRANSFER_REFERENCE_LENGTH.min},${TRANSFER_REFERENCE_LENGTH.max}}$`);

/**
 * The bank's reference for a transfer made by hand (decision 089), as the operator copies it from the bank's
 * confirmation: spaces (grouped digits, a pasted line break) are not part of it. Empty: "required"; otherwise too
 * short, too long or with other characters: the format, which names the lengths.
 */
export const transferReferenceSchema = z
  .string({ error: WALLET_MONEY_MESSAGES.transferReferenceRequired })
  .max(200, WALLET_MONEY_MESSAGES.transferReferenceFormat)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: WALLET_MONEY_MESSAGES.transferReferenceRequired, abort: true })
      .regex(TRANSFER_REFERENCE_PATTERN, WALLET_MONEY_MESSAGES.transferReferenceFormat),
  );

/** POST /api/dispatch/withdrawals/{id}/mark-paid: the bank's reference of the transfer that paid it. */
export const markPaidBodySchema = z.object(
  { transferReference: transferReferenceSchema },
  { error: WALLET_MONEY_MESSAGES.transferReferenceRequired },
);
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'failed'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

export const withdrawalSchema = z.object({
  id: z.string(),
  amountKobo: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  /** Only the last four digits: "******7890". */
  accountNumberMasked: z.string(),
  accountName: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /**
   * Once paid, the transfer's reference on the payer's side, to find it on a bank statement (decision 089): the bank's,
   * typed by the operator who paid by hand, or the payout gateway's transfer code. Null before.
   */
  transferReference: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

/** The operator's view adds whose withdrawal it is and how it is paid. */
export const operatorWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  payoutGateway: z.enum(['manual', 'paystack']),
  reference: z.string(),
  failureReason: z.string().nullable(),
  /** Whether the whole account number can be shown (POST …/account-number): pending and paid by hand (decision 075). */
  accountNumberKept: z.boolean(),
});
export const withdrawalAccountNumberSchema = z.object({ accountNumber: z.string() });
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalSchema>;
export const operatorWithdrawalsPageSchema = cursorPageSchema(operatorWithdrawalSchema);

export const withdrawalListQuerySchema = cursorQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() });
export const withdrawalIdParamsSchema = z.object({ id: z.uuid() });
export const markFailedBodySchema = z.object({ reason: z.string().trim().max(200).optional() }).nullish();

export const walletStatsSchema = z.object({
  /** Integer kobo. */
  balance: z.number().int(),
  /** What a withdrawal may take: the balance less unspent test-mode money (decision 018). */
  withdrawableKobo: z.number().int(),
  thisMonthSpentKobo: z.number().int(),
  lastMonthSpentKobo: z.number().int(),
  monthlyAverageSpentKobo: z.number().int(),
  /** What the user owes Lanefreight (a return fee the balance did not cover), taken from the next money in. */
  owedKobo: z.number().int(),
});
export type WalletStats = z.infer<typeof walletStatsSchema>;

export const WALLET_TRANSACTION_TYPES = ['topup', 'payment', 'refund', 'withdrawal', 'adjustment', 'earning', 'collected', 'return_fee', 'owed_paid'] as const;

export const walletTransactionSchema = z.object({
  id: z.string(),
  type: z.enum(WALLET_TRANSACTION_TYPES),
  /** Kobo; negative for money out. A withdrawal shows its amount (negative) and its status. */
  amountKobo: z.number().int(),
  balanceAfterKobo: z.number().int(),
  date: z.string(),
  /** An i18n key under `walletMoney.transactions.*`, with its params; the web translates. */
  descriptionKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  status: z.enum(WITHDRAWAL_STATUSES).nullable(),
  /** A paid withdrawal's transfer reference (decision 089); null for every other line. */
  transferReference: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletTransactionsQuerySchema = cursorQuerySchema;

export const walletTransactionsPageSchema = cursorPageSchema(walletTransactionSchema);
export type WalletTransactionsPage = z.infer<typeof walletTransactionsPageSchema>;

export const reauthBodySchema = z.object({ password: z.string().min(1).max(200) });
export const reauthResultSchema = z.object({ reauthenticatedAt: z.string(), validUntil: z.string() });
