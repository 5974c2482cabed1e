import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Idempotency keys of money-moving requests (docs/decisions/025): one row per user, route and key, holding the
 * first answer so that a retry gets it again instead of moving money twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Method and route pattern, e.g. `POST /api/wallet/withdrawals`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical JSON of the request's params, query and body. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'completed'] }).notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    /** When the request holding the key started; a hold older than the request timeout is abandoned. */
    lockedAt: timestamp('locked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key').on(t.userId, t.route, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
