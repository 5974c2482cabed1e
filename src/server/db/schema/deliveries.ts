import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, doublePrecision, index, integer, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { DELIVERY_STATUSES } from '../../../shared/schemas/deliveries.js';
import { DELIVERY_SLOTS } from '../../../shared/eta.js';

/**
 * The status group My Deliveries filters by (shared DISPLAY_STATUS_OF), as one expression: an index on it serves every
 * filter with one range (decision 049). The list's query must use this very expression for the index to match.
 */
export const DISPLAY_STATUS_SQL = sql.raw(
  `(case when status in ('awaiting_payment', 'pending') then 'pending' when status in ('picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning') then 'in_transit' else status end)`,
);
/**
 * The statuses of a delivery under way, paid and not yet ended (delivery-lifecycle ACTIVE_JOB_STATUSES): a driver's
 * active jobs, a shipper's "Active Deliveries" (the totals trigger, migration 0032). Inlined so partial indexes match.
 */
export const ACTIVE_JOB_STATUS_SQL = sql.raw(`status in ('pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning')`);

/** A live delivery that was paid for: what a shipper spent (decision 084). Inlined so the partial index matches. */
export const PAID_LIVE_SQL = sql.raw(`paid_at is not null and livemode`);

/**
 * When a delivery is due (decision 088): the later of its payment and the start of its booked slot, the day and slot
 * read in Lagos time; the rule of `dueAtOf` (shared/eta.ts), whose slot table this is built from. A generated column,
 * so every statement that books, reschedules or pays a delivery keeps it, whichever module's code it is; before the
 * payment it is the slot's start. The board's Unassigned tab is sorted and ranged on it.
 */
export const DUE_AT_SQL = sql.raw(
  `greatest(paid_at, (delivery_date + case delivery_time ${Object.entries(DELIVERY_SLOTS)
    .map(([slot, { fromHour }]) => `when '${slot}' then interval '${fromHour} hours'`)
    .join(' ')} end) at time zone 'Africa/Lagos')`,
);

export const deliveryNumberSeq = pgSequence('delivery_number_seq', { startWith: 1 });

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Public, sequential: shown as LF001 … LF999, LF1000 … */
    number: integer('number')
      .notNull()
      .default(sql`nextval('delivery_number_seq')`),
    trackingId: text('tracking_id'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    receiverName: text('receiver_name').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    dropoffLocation: text('dropoff_location').notNull(),
    packageType: text('package_type').notNull(),
    packageWeight: text('package_weight').notNull(),
    transportMode: text('transport_mode').notNull(),
    deliveryType: text('delivery_type').notNull(),
    deliveryTime: text('delivery_time').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    description: text('description'),
    /** Where the parcel is collected and delivered; null for bookings made before places were measured. */
    pickupLat: doublePrecision('pickup_lat'),
    pickupLng: doublePrecision('pickup_lng'),
    dropoffLat: doublePrecision('dropoff_lat'),
    dropoffLng: doublePrecision('dropoff_lng'),
    /** The road distance charged, and whether the trip crosses a state line (null: distance unknown). */
    distanceMeters: integer('distance_meters'),
    interstate: boolean('interstate'),
    /** The quote the price came from. */
    quoteId: uuid('quote_id'),
    baseFareKobo: bigint('base_fare_kobo', { mode: 'number' }).notNull(),
    distanceFeeKobo: bigint('distance_fee_kobo', { mode: 'number' }).notNull(),
    serviceFeeKobo: bigint('service_fee_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    priceLockedUntil: timestamp('price_locked_until', { withTimezone: true }).notNull(),
    status: text('status', {
      enum: DELIVERY_STATUSES,
    })
      .notNull()
      .default('awaiting_payment'),
    paymentMethod: text('payment_method', { enum: ['wallet', 'card'] }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When it is due (DUE_AT_SQL): the database computes it on every write. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().generatedAlwaysAs(DUE_AT_SQL),
    /**
     * How much of what paid it was sandbox money (decision 018), set with the payment: its refund and its driver's
     * earnings stay test money. Kept on the row so neither has to look the payment up again.
     */
    paidSandboxKobo: bigint('paid_sandbox_kobo', { mode: 'number' }).notNull().default(0),
    driverName: text('driver_name'),
    driverPhone: text('driver_phone'),
    driverRating: integer('driver_rating_tenths'),
    driverReviews: integer('driver_reviews'),
    /** The assigned driver (a user with the driver role); the name and phone above are copied at assignment. */
    driverId: uuid('driver_id').references(() => users.id),
    /** The receiver's 4-digit handover code, hashed; set when a driver is assigned, cleared on delivery. */
    handoverCodeHash: text('handover_code_hash'),
    /** Wrong handover codes entered; at 5 only an operator can complete the delivery. */
    handoverFailedAttempts: integer('handover_failed_attempts').notNull().default(0),
    /** How often the parcel went out again after a failed attempt (at most REATTEMPT_LIMIT). */
    reattempts: integer('reattempts').notNull().default(0),
    /** When it last went out again after a failed attempt: its estimate counts from then (decision 090). */
    reattemptedAt: timestamp('reattempted_at', { withTimezone: true }),
    /** The storage key of the driver's optional proof-of-delivery photo. */
    deliveryProofKey: text('delivery_proof_key'),
    /** The language of the receiver's messages and public tracking page (one of the eight). */
    receiverLanguage: text('receiver_language').notNull().default('en-US'),
    /**
     * False for a test-mode delivery, booked with a test API key (issue 23): paid with sandbox money only, never on
     * the dispatch board nor offered to drivers, moved along by the merchant API's test route.
     */
    livemode: boolean('livemode').notNull().default(true),
    /** The merchant's own reference for a delivery booked through the API; unique per merchant and mode when given. */
    externalReference: text('external_reference'),
    /**
     * Pay on delivery (decision 053): the amount the receiver pays through the pay link, the fee kept from it on
     * settlement, and the return reserve the shipper paid with the delivery fee (held in cod_reserve:{id} until the
     * hand-over, or used for a return's fee). All null for a prepaid order.
     */
    codAmountKobo: bigint('cod_amount_kobo', { mode: 'number' }),
    codFeeKobo: bigint('cod_fee_kobo', { mode: 'number' }),
    codReserveKobo: bigint('cod_reserve_kobo', { mode: 'number' }),
    /**
     * The fee a return cost its shipper, set when the parcel is back (decision 053): from the reserve of a
     * pay-on-delivery order, else from the wallet. What was spent on a delivery is its price and this (decision 084).
     */
    returnFeeKobo: bigint('return_fee_kobo', { mode: 'number' }),
    /** When the receiver's payment reached cod_escrow:{id}; a hand-over of an unpaid pay-on-delivery job is refused. */
    codPaidAt: timestamp('cod_paid_at', { withTimezone: true }),
    /** The receiver's pay link token, hashed (the newest one sent; it dies when the delivery ends). */
    codPayTokenHash: text('cod_pay_token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deliveries_number_key').on(t.number),
    uniqueIndex('deliveries_tracking_id_key').on(t.trackingId),
    // Keyset lists (decision 049): each index serves one list's where and order by, so a page reads only its rows.
    // My Deliveries lists one mode at a time (decision 079): all of it by deliveries_merchant_idx (below, shared with
    // the merchant API's list), and by status group.
    index('deliveries_user_mode_display_idx').on(t.userId, t.livemode, DISPLAY_STATUS_SQL, t.createdAt, t.number),
    // The dispatch board's tabs (paid live deliveries only: a test-mode delivery is on no tab).
    // Unassigned: the first due first (decision 088).
    index('deliveries_board_unassigned_due_idx')
      .on(t.dueAt, t.number)
      .where(sql`status = 'pending' and driver_id is null and livemode`),
    index('deliveries_board_active_idx')
      .on(t.paidAt, t.number)
      .where(sql`driver_id is not null and ${ACTIVE_JOB_STATUS_SQL}`),
    // Delivered and Cancelled each on their own predicate: with one (status, updated_at, number) index for both, the
    // planner walked the All tab's index for Delivered (its leading column follows the table's order) and filtered out
    // every newer row of another status, 25,000 of them at a million deliveries (bench/README.md, issue 20).
    index('deliveries_board_delivered_idx').on(t.updatedAt, t.number).where(sql`paid_at is not null and status = 'delivered' and livemode`),
    index('deliveries_board_cancelled_idx').on(t.updatedAt, t.number).where(sql`paid_at is not null and status = 'cancelled' and livemode`),
    index('deliveries_board_needs_decision_idx').on(t.updatedAt, t.number).where(sql`paid_at is not null and status = 'failed_attempt' and livemode`),
    index('deliveries_board_all_idx').on(t.updatedAt, t.number).where(sql`paid_at is not null and livemode`),
    // The receiver's pay link finds its delivery by the token's hash (decision 053).
    uniqueIndex('deliveries_cod_pay_token_key').on(t.codPayTokenHash).where(sql`cod_pay_token_hash is not null`),
    // My Deliveries' pay-on-delivery filter: the owner's pay-on-delivery orders in one mode, newest first.
    index('deliveries_user_mode_cod_idx').on(t.userId, t.livemode, t.createdAt, t.number).where(sql`cod_amount_kobo is not null`),
    // A driver's jobs: on the road, the next due first; delivered, the latest first.
    index('deliveries_driver_active_idx')
      .on(t.driverId, t.paidAt, t.number)
      .where(sql`driver_id is not null and ${ACTIVE_JOB_STATUS_SQL}`),
    index('deliveries_driver_delivered_idx').on(t.driverId, t.updatedAt, t.number).where(sql`status = 'delivered'`),
    index('deliveries_driver_idx').on(t.driverId, t.status),
    index('deliveries_status_idx').on(t.status, t.paidAt),
    // The wallet page's spending this month and last (decision 084): the owner's paid live deliveries, by when paid.
    index('deliveries_user_paid_idx').on(t.userId, t.paidAt).where(PAID_LIVE_SQL),
    // The merchant API's list (issue 23) and My Deliveries (decision 079): by owner and mode, newest first; the API's
    // optionally one status; and the lookup by the merchant's own reference, unique per merchant and mode.
    index('deliveries_merchant_idx').on(t.userId, t.livemode, t.createdAt, t.number),
    index('deliveries_merchant_status_idx').on(t.userId, t.livemode, t.status, t.createdAt, t.number),
    uniqueIndex('deliveries_external_reference_key')
      .on(t.userId, t.livemode, t.externalReference)
      .where(sql`external_reference is not null`),
    check('deliveries_total_positive', sql`${t.totalKobo} > 0`),
  ],
);

export const deliveryEvents = pgTable(
  'delivery_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => deliveries.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note'),
    /**
     * The delivery's driver once the change was made, so a driver whose job was reassigned is told so rather than
     * that it does not exist (which another driver is told).
     */
    driverId: uuid('driver_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_events_delivery_idx').on(t.deliveryId, t.createdAt, t.id)],
);

/**
 * Each customer's dashboard totals, so the summary costs one row at any history (decision 051): deliveries on the
 * road (picked up to out for delivery), delivered, and spent (paid and not cancelled). A deferred trigger on
 * deliveries (migration 0012) keeps them in the transaction of every change, whichever statement makes it, after
 * that transaction's other locks; `npm run ledger:check` and a test compare them with a recount.
 */
export const deliveryTotals = pgTable('delivery_totals', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  active: integer('active').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  spentKobo: bigint('spent_kobo', { mode: 'number' }).notNull().default(0),
  /** Pay on delivery: what was settled to the shipper (amount less fee), and what receivers paid that awaits the hand-over. */
  codCollectedKobo: bigint('cod_collected_kobo', { mode: 'number' }).notNull().default(0),
  codAwaitingKobo: bigint('cod_awaiting_kobo', { mode: 'number' }).notNull().default(0),
});
