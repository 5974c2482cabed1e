import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { API_KEY_MODES } from '../../../shared/schemas/api-keys.js';

/**
 * A merchant's API keys (issue 23): the secret is shown once and kept only as its keyed hash (HMAC-SHA256 with
 * API_KEY_PEPPER), the last four characters for recognising it. A revoked key keeps its row (revoked_at) so the
 * account can see when it stopped working; authentication looks keys up by hash among the unrevoked ones only.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: API_KEY_MODES }).notNull(),
    keyHash: text('key_hash').notNull(),
    last4: text('last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_key').on(t.keyHash),
    // The account's keys, newest first (a bounded list: API_KEY_LIMIT unrevoked keys).
    index('api_keys_user_live_idx').on(t.userId, t.createdAt).where(sql`revoked_at is null`),
  ],
);
