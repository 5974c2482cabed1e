import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { IMPORT_STATUSES, type ImportRowError } from '../../../shared/schemas/imports.js';
import type { BookingBody } from '../../../shared/schemas/deliveries.js';

/** A row of an import ready to book: its booking, as the booking form's schema parsed it, and its price when checked. */
export interface PlannedBooking {
  row: number;
  body: BookingBody;
  totalKobo: number;
  /** The merchant's own reference for the delivery, when the row gives one. */
  externalReference?: string;
}

/**
 * A customer's bulk import (modules/imports, decision 054): the file's cells as read, then what validation found
 * (the bookings it plans and the errors), then, once confirmed, how many deliveries it booked.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: IMPORT_STATUSES }).notNull().default('validating'),
    /** The header's column names, as matched, and each delivery row's cells ({ row, cells }). */
    columns: jsonb('columns').$type<string[]>().notNull(),
    cells: jsonb('cells').$type<{ row: number; cells: string[]; malformedAt: number | null }[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    validCount: integer('valid_count').notNull().default(0),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
    plan: jsonb('plan').$type<PlannedBooking[]>().notNull().default([]),
    errors: jsonb('errors').$type<ImportRowError[]>().notNull().default([]),
    errorCount: integer('error_count').notNull().default(0),
    /** When an instance took up its validation; one left too long is taken up again (a restart, a crash). */
    validationClaimedAt: timestamp('validation_claimed_at', { withTimezone: true }),
    bookedCount: integer('booked_count').notNull().default(0),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The owner's imports, newest first (keyset, decision 049).
    index('imports_user_created_idx').on(t.userId, t.createdAt, t.id),
    // The validations to take up after a restart.
    index('imports_validating_idx').on(t.validationClaimedAt).where(sql`status = 'validating'`),
  ],
);
