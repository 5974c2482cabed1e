import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { payments } from './money.js';

/**
 * Double-entry ledger (decision 027). A posting is one money movement; its lines, on any account, sum to zero.
 * A user's wallet lines are `ledger_entries` (with the balance after and the history's description); every other
 * account's lines are `posting_lines`. Both are append-only (a trigger refuses UPDATE and DELETE).
 */
export const postings = pgTable(
  'postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', {
      enum: [
        'topup',
        'card_payment',
        'wallet_payment',
        'refund',
        'withdrawal_hold',
        'withdrawal_paid',
        'withdrawal_failed',
        'adjustment',
        // A driver's share of a delivered fare: revenue → driver earnings, then driver earnings → the wallet.
        'driver_earning',
        'driver_earning_paid',
        // Pay on delivery and returns (decision 053).
        'cod_booking',
        'cod_payment',
        'cod_settlement',
        'cod_refund',
        'return_fee',
        'receivable_collected',
      ],
    }).notNull(),
    /** Unique per movement: the same movement can never be posted twice. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The gateway payment this posting settles (exactly one posting per succeeded payment). */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('postings_idempotency_key').on(t.idempotencyKey), uniqueIndex('postings_payment_key').on(t.paymentId)],
);

/** The platform's accounts. Wallets are per user (ledger_entries); driver earnings are per driver (account_key). */
export const PLATFORM_ACCOUNT_TYPES = [
  'gateway_clearing',
  'revenue',
  'refunds',
  'payouts_in_transit',
  'adjustments',
  'driver_earnings',
  // Pay on delivery (keyed by the delivery): the shipper's return reserve, and what the receiver paid until settled.
  'cod_reserve',
  'cod_escrow',
  // What a user owes (keyed by the user): a return fee their wallet did not cover.
  'receivable',
] as const;
export type PlatformAccountType = (typeof PLATFORM_ACCOUNT_TYPES)[number];

export const postingLines = pgTable(
  'posting_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => postings.id),
    accountType: text('account_type', { enum: PLATFORM_ACCOUNT_TYPES }).notNull(),
    /** Which one of its type: the gateway (sandbox, paystack, manual) for clearing, a driver's user id for driver_earnings; '' otherwise. */
    accountKey: text('account_key').notNull().default(''),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('posting_lines_posting_idx').on(t.postingId), index('posting_lines_account_idx').on(t.accountType, t.accountKey)],
);

/** A withdrawal to a bank account: its amount is held in the wallet (payouts in transit) until paid or failed. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    bankCode: text('bank_code').notNull(),
    /** The last four digits ("******7890"), all that is shown and all that is kept once the withdrawal ends. */
    accountNumberMasked: text('account_number_masked').notNull(),
    /**
     * The whole number, sealed (lib/secret-box), while an operator has to pay it by hand; cleared when the withdrawal
     * ends, and never kept for a payout gateway, which holds it itself (decision 075).
     */
    accountNumberSealed: text('account_number_sealed'),
    accountName: text('account_name').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
    payoutGateway: text('payout_gateway', { enum: ['manual', 'paystack'] }).notNull(),
    /** Ours, sent to the payout gateway (unique, so a retried transfer cannot pay twice). */
    reference: text('reference').notNull(),
    gatewayTransferCode: text('gateway_transfer_code'),
    /**
     * Set once, when it is paid: the bank's reference an operator typed for a transfer made by hand, or the payout
     * gateway's transfer code (decision 089). What the payee and we find the transfer by on a statement.
     */
    transferReference: text('transfer_reference'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawals_reference_key').on(t.reference),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    // The operator's list, by status or all, newest first by keyset (decision 049).
    index('withdrawals_status_idx').on(t.status, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    check('withdrawals_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
