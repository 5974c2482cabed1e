import { z } from 'zod';
import { cursorPageSchema } from './paging.js';

/**
 * Numbered receipts (issue 24, decision 057). A kind is one entry here (and its texts: `receipts.kinds.<kind>` in the
 * web, `messages.receipts` for the email); `taxable` says whether it is a sale whose price includes VAT. Money moved
 * within the customer's own wallet (a top-up, a withdrawal) is not a sale; a refund gives back a sale's VAT. `'fee'`:
 * only the fee kept from the amount is a sale of ours, so the VAT shown is the VAT in that fee (decision 053).
 */
export const RECEIPT_KIND_RULES = {
  payment: { taxable: true },
  'top-up': { taxable: false },
  withdrawal: { taxable: false },
  // A withdrawal that could not be paid: its money back in the wallet, with an operator's reason (decision 078).
  'withdrawal-returned': { taxable: false },
  refund: { taxable: true },
  // A card payment that could not be applied to its delivery (paid otherwise, cancelled, re-priced): never a sale.
  'card-credited': { taxable: false },
  // A returned parcel's fee (decision 053), from the pay-on-delivery reserve or the wallet, or paid later when owed.
  'return-fee': { taxable: true },
  // Pay on delivery settled to the shipper at the hand-over: the goods money is theirs, the fee kept from it ours.
  'cod-settlement': { taxable: 'fee' },
} as const satisfies Record<string, { taxable: boolean | 'fee' }>;
export type ReceiptKind = keyof typeof RECEIPT_KIND_RULES;
export const RECEIPT_KINDS = Object.keys(RECEIPT_KIND_RULES) as ReceiptKind[];

/** R000042: the printed number, six digits at least. */
export const formatReceiptNumber = (n: number) => `R${String(n).padStart(6, '0')}`;

/** The VAT included in a price at a rate in basis points (750 = 7.5%), to the kobo: price × rate ÷ (1 + rate). */
export function vatIncludedKobo(amountKobo: number, basisPoints: number): number {
  return Math.round((amountKobo * basisPoints) / (10_000 + basisPoints));
}

export const receiptSummarySchema = z.object({
  id: z.string(),
  /** R000042 */
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS as [ReceiptKind, ...ReceiptKind[]]),
  /** Integer kobo, VAT included. */
  amountKobo: z.number().int(),
  createdAt: z.string(),
  /** The delivery's public id (LF042), for a payment, a refund or a pay-on-delivery settlement. */
  deliveryId: z.string().nullable(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

export const receiptSchema = receiptSummarySchema.extend({
  /** The VAT rate it was issued under (7.5), 0 for what is not a sale. */
  vatPercent: z.number(),
  vatKobo: z.number().int(),
  trackingId: z.string().nullable(),
  method: z.enum(['wallet', 'card']).nullable(),
  balanceAfterKobo: z.number().int().nullable(),
  /** Whom it is for, as the account says now. */
  customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  /**
   * A pay-on-delivery settlement's lines (integer kobo): collected from the receiver, the fee kept from it (the VAT
   * above is the VAT in this fee), the return reserve given back; the total is collected − fee + reserve. Null for
   * the other kinds.
   */
  cod: z.object({ collectedKobo: z.number().int(), feeKobo: z.number().int(), reserveKobo: z.number().int() }).nullable(),
  /** Why a withdrawal was returned, in the operator's words; null when none was given and for the other kinds. */
  reason: z.string().nullable(),
  /**
   * The pay-on-delivery return reserve inside a payment's or a refund's total (integer kobo): a refundable deposit,
   * not a sale, so the VAT above is the price's only (decision 080). Null when there is none.
   */
  reserveKobo: z.number().int().nullable(),
  /**
   * A withdrawal's transfer reference once it is paid (decision 089), read when the receipt is: the receipt is issued
   * when the money is set aside, before the transfer. Null before, and for the other kinds.
   */
  transferReference: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptsPageSchema = cursorPageSchema(receiptSummarySchema);
export const receiptIdParamsSchema = z.object({ id: z.uuid() });
