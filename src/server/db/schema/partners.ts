import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { deliveries } from './deliveries.js';

/** Owned by modules/partners: applications to become a transportation or investment partner, and their documents. */
export const partnerApplications = pgTable(
  'partner_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: ['transportation', 'investment'] }).notNull(),
    status: text('status', { enum: ['submitted', 'under_review', 'approved', 'rejected'] })
      .notNull()
      .default('submitted'),
    /** The form's fields as submitted (validated by the shared schema of its type). */
    details: jsonb('details').notNull(),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open application per user and type.
    uniqueIndex('partner_applications_one_open')
      .on(t.userId, t.type)
      .where(sql`${t.status} in ('submitted', 'under_review')`),
    // The operator's list, by status or all, newest first by keyset (decision 049).
    index('partner_applications_status_idx').on(t.status, t.createdAt, t.id),
    index('partner_applications_created_idx').on(t.createdAt, t.id),
    // The operator's default filter: every application still waiting for a decision (decision 052).
    index('partner_applications_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} in ('submitted', 'under_review')`),
  ],
);

export const partnerDocuments = pgTable(
  'partner_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => partnerApplications.id, { onDelete: 'cascade' }),
    /** idDocument, proofOfAddress, vehicleLicense, insuranceCertificate, roadWorthiness, vehiclePhoto, proofOfFunds, cacCertificate */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_documents_application_idx').on(t.applicationId)],
);

/** Owned by modules/drivers: an approved transportation partner's vehicle and rating totals. */
export const drivers = pgTable(
  'drivers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    /** One of the booking transport modes (bike, car, van, truck): what deliveries this driver can take. */
    transportMode: text('transport_mode').notNull(),
    /** The vehicle as the application named it (van, truck, pickup, trailer, …). */
    vehicleType: text('vehicle_type').notNull(),
    vehicleBrand: text('vehicle_brand'),
    plateNumber: text('plate_number').notNull(),
    applicationId: uuid('application_id').references(() => partnerApplications.id),
    ratingTotal: integer('rating_total').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * The driver's own on/off duty switch (decision 063): operators cannot assign work to a driver who is off duty.
     * On by default, so drivers registered before the switch existed stay assignable.
     */
    onDuty: boolean('on_duty').notNull().default(true),
    /** When the driver last switched; null while they never have. */
    onDutyChangedAt: timestamp('on_duty_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drivers_transport_mode_idx').on(t.transportMode)],
);

/** Owned by modules/drivers: one rating per delivered delivery, by its customer. */
export const deliveryRatings = pgTable(
  'delivery_ratings',
  {
    deliveryId: uuid('delivery_id')
      .primaryKey()
      .references(() => deliveries.id),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    stars: smallint('stars').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_ratings_driver_idx').on(t.driverId, t.createdAt),
    check('delivery_ratings_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);
