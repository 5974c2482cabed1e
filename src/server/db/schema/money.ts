import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { deliveries } from './deliveries.js';

export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceKobo: bigint('balance_kobo', { mode: 'number' }).notNull().default(0),
    /** The part of the balance that is sandbox (test) money: it can pay deliveries but never leave in a payout. */
    sandboxKobo: bigint('sandbox_kobo', { mode: 'number' }).notNull().default(0),
    /**
     * What the user owes the platform (a return fee the balance did not cover), equal to minus the balance of
     * receivable:{userId}; taken first from the next money credited to the wallet (decision 053).
     */
    owedKobo: bigint('owed_kobo', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('wallets_balance_not_negative', sql`${t.balanceKobo} >= 0`),
    check('wallets_owed_not_negative', sql`${t.owedKobo} >= 0`),
    check('wallets_sandbox_within_balance', sql`${t.sandboxKobo} >= 0 and ${t.sandboxKobo} <= ${t.balanceKobo}`),
  ],
);

/** Every wallet movement; the sum of a user's entries equals their balance. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The part of amount_kobo that is sandbox money (same sign); the sum per user is the wallet's sandbox_kobo. */
    sandboxKobo: bigint('sandbox_kobo', { mode: 'number' }).notNull().default(0),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).notNull(),
    /**
     * hold: money set aside (pending); it ends once, as hold_release (back to the balance) or hold_settle (0, gone).
     * earning: a driver's share of a delivered fare.
     */
    kind: text('kind', {
      enum: [
        'topup',
        'payment',
        'refund',
        'withdrawal',
        'adjustment',
        'hold',
        'hold_release',
        'hold_settle',
        'earning',
        // Pay on delivery settled to the shipper (amount less fee, and the reserve back); a return's fee; owed money taken.
        'cod_settlement',
        'return_fee',
        'owed_paid',
      ],
    }).notNull(),
    description: text('description').notNull(),
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The double-entry posting this wallet line belongs to (decision 027). */
    postingId: uuid('posting_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_posting_idx').on(t.postingId),
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    // The wallet's history, newest first, by keyset (decision 049).
    index('ledger_entries_user_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Null for a top-up. */
    deliveryId: uuid('delivery_id').references(() => deliveries.id),
    /** cod: a receiver's payment through a pay-on-delivery link, into cod_escrow:{deliveryId}. */
    purpose: text('purpose', { enum: ['delivery', 'topup', 'cod'] }).notNull().default('delivery'),
    gateway: text('gateway', { enum: ['sandbox', 'paystack'] }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /**
     * refunded: the gateway took the money but the delivery could no longer take it; it went to the wallet.
     * expired: still not paid a day later, by the gateway's word (the reconciler); a late payment still settles.
     * reversed: a second pay-on-delivery payment, given back through the gateway; it never entered the ledger.
     */
    status: text('status', { enum: ['initiated', 'succeeded', 'failed', 'refunded', 'expired', 'reversed'] }).notNull().default('initiated'),
    checkoutUrl: text('checkout_url').notNull(),
    gatewayResponse: jsonb('gateway_response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the reconciler last asked the gateway about it (payments-reconciler.ts). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    // Only the payments still waiting, for the reconciler: a handful, however many payments there are.
    index('payments_initiated_idx').on(t.createdAt).where(sql`${t.status} = 'initiated'`),
    index('payments_delivery_idx').on(t.deliveryId),
    // One open card checkout per delivery, payer and amount: a double click gets the same checkout, not a second charge.
    uniqueIndex('payments_open_checkout_key')
      .on(t.deliveryId, t.userId, t.amountKobo)
      .where(sql`${t.purpose} = 'delivery' and ${t.status} = 'initiated'`),
    index('payments_user_idx').on(t.userId, t.createdAt),
    check('payments_delivery_matches_purpose', sql`(${t.purpose} in ('delivery', 'cod')) = (${t.deliveryId} is not null)`),
  ],
);

/** The sandbox gateway's own record of a checkout: what the payer approved or declined. */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    reference: text('reference').primaryKey(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    email: text('email').notNull(),
    callbackUrl: text('callback_url').notNull(),
    /**
     * Who may open the checkout: the account that started the payment, or nobody in particular (open, a receiver's
     * pay-on-delivery payment, decision 053) when null and `open`.
     */
    payerUserId: uuid('payer_user_id'),
    open: boolean('open').notNull().default(false),
    status: text('status', { enum: ['pending', 'success', 'failed'] }).notNull().default('pending'),
    /** When the money went back to the payer (gateway refund). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['delivery', 'wallet', 'promotion', 'partner'] }).notNull(),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Keyset lists, all and unread (decision 049); the unread one also serves the unread count.
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx').on(t.userId, t.createdAt, t.id).where(sql`read_at is null`),
  ],
);
