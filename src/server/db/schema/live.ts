import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * What the live stream (/api/events) sent each user, kept a while so a reconnecting client catches up from its
 * Last-Event-ID. `seq` counts per user without gaps, in commit order (decision 026).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.seq] }), index('live_events_created_idx').on(t.createdAt)],
);

/** Each user's last live event number: the row lock on it orders a user's events by commit. */
export const liveEventHeads = pgTable('live_event_heads', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
});
