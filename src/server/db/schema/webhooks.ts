import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { deliveries } from './deliveries.js';
import { users } from './users.js';
import { WEBHOOK_MODES } from '../../../shared/schemas/webhooks.js';

/** A merchant's webhook endpoints (modules/webhooks, decision 054). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    mode: text('mode', { enum: WEBHOOK_MODES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** `failing`: the system switched it off after three days of failures. */
    disabledReason: text('disabled_reason', { enum: ['failing'] }),
    /** The signing secret, encrypted with the server's key (it must be read back to sign, so it cannot be hashed). */
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** The first failure since the last success; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Deliveries' changes waiting to become webhook events: written by triggers on deliveries and delivery_events
 * (migration 0021) in the transaction of the change, for owners with an enabled endpoint, and deleted by the relay
 * in the transaction that turns them into events. Its identity orders a delivery's changes by commit.
 */
export const webhookRelayQueue = pgTable('webhook_relay_queue', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  deliveryId: uuid('delivery_id').notNull(),
  userId: uuid('user_id').notNull(),
  /** `created`, or the delivery event's status (pending for a payment, driver_assigned, picked_up…). */
  kind: text('kind').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
});

/** One event, as every endpoint of its owner receives it: the body is fixed once, so every retry sends the same. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id'),
    type: text('type').notNull(),
    /** Counts a delivery's events from 1; null for a test event. */
    sequence: integer('sequence'),
    livemode: boolean('livemode').notNull(),
    /** The JSON body, exactly as sent. */
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_events_delivery_sequence_key').on(t.deliveryId, t.sequence),
    /** The retention sweep's range: the oldest events first (migration 0023). */
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The last sequence number each delivery's events were given: the relay numbers the next one from here, so a
 * delivery whose old events the retention sweep deleted still goes on from where it was (never back to 1).
 */
export const webhookSequences = pgTable('webhook_sequences', {
  deliveryId: uuid('delivery_id')
    .primaryKey()
    .references(() => deliveries.id, { onDelete: 'cascade' }),
  lastSequence: integer('last_sequence').notNull(),
});

/** One event owed to one endpoint: pending until it succeeds or its retries run out. */
export const webhookSends = pgTable(
  'webhook_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    /** Attempts since it was last queued (a resend starts the schedule again). */
    attempts: integer('attempts').notNull().default(0),
    /** Due time; while an attempt is under way, the end of its lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_sends_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_sends_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    /** An event's sends: whether it still owes any, and the cascade when it is deleted (migration 0023). */
    index('webhook_sends_event_idx').on(t.eventId),
  ],
);

/** The attempt log an endpoint's owner reads. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.attemptedAt, t.id),
    /** The cascade when an event is deleted (migration 0023). */
    index('webhook_attempts_event_idx').on(t.eventId),
  ],
);
