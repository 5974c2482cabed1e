import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import type { ResolvedLocation } from '../../../shared/schemas/places.js';

/** A customer's saved addresses (at most 100 each; modules/addresses). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line: text('line').notNull(),
    directions: text('directions'),
    /** The gazetteer place the address lies in, when chosen from it. */
    placeId: text('place_id'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    lga: text('lga'),
    state: text('state').notNull(),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A price given for a trip, held until `expiresAt` (modules/quotes). A booking uses it once; the rate card that
 * priced it is recorded, and later changes to the card never touch it.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pickup: jsonb('pickup').$type<ResolvedLocation>().notNull(),
    dropoff: jsonb('dropoff').$type<ResolvedLocation>().notNull(),
    packageType: text('package_type').notNull(),
    packageWeight: text('package_weight').notNull(),
    transportMode: text('transport_mode').notNull(),
    deliveryType: text('delivery_type').notNull(),
    deliveryTime: text('delivery_time').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    distanceMeters: integer('distance_meters').notNull(),
    interstate: boolean('interstate').notNull(),
    baseFareKobo: bigint('base_fare_kobo', { mode: 'number' }).notNull(),
    distanceFeeKobo: bigint('distance_fee_kobo', { mode: 'number' }).notNull(),
    serviceFeeKobo: bigint('service_fee_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    rateCardVersion: text('rate_card_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once, by the booking that used it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** False for a merchant API test key's quote: it books test deliveries only, and a live quote live ones only. */
    livemode: boolean('livemode').notNull().default(true),
  },
  (t) => [
    index('quotes_expires_idx').on(t.expiresAt),
    check('quotes_total_positive', sql`${t.totalKobo} > 0`),
  ],
);
