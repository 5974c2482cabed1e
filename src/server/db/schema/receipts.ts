import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Numbered receipts (issue 24, decision 057): one for every payment, top-up, withdrawal and refund, numbered from one
 * series with no gaps and no repeats. The number is taken from `receipt_counters` under its row lock in the
 * transaction that writes the receipt, so a rollback gives it back. A receipt never changes once written: its VAT
 * rate is the one in force when it was issued.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** shared/schemas/receipts.ts RECEIPT_KINDS; text, so a new kind needs no migration. */
    kind: text('kind').notNull(),
    /** What it is for, once: a second receipt for the same source is refused (null: no natural key). */
    sourceKey: text('source_key'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** The VAT rate it was issued under, in basis points (750 = 7.5%); 0 for what is not a sale (a top-up). */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    /** The VAT included in amount_kobo (never added to it). */
    vatKobo: bigint('vat_kobo', { mode: 'number' }).notNull(),
    /** What else it says: the delivery's public number and tracking id, the payment method, the balance after. */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipts_number_key').on(t.number),
    uniqueIndex('receipts_source_key').on(t.sourceKey),
    // An account's receipts, newest first, by keyset (decision 049).
    index('receipts_user_number_idx').on(t.userId, t.number),
    check('receipts_vat_within_amount', sql`${t.vatKobo} >= 0 and ${t.vatKobo} <= ${t.amountKobo}`),
  ],
);

/** The last number of each receipt series (one series today). */
export const receiptCounters = pgTable('receipt_counters', {
  series: text('series').primaryKey(),
  lastNumber: bigint('last_number', { mode: 'number' }).notNull(),
});
