import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One row per user who has saved preferences; no row means every option is off. Owned by modules/preferences. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  deliveryUpdates: boolean('delivery_updates').notNull().default(false),
  promotionalEmails: boolean('promotional_emails').notNull().default(false),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
