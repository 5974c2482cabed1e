import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userPreferences } from '../../db/schema/index.js';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../../shared/schemas/preferences.js';

const COLUMNS = {
  deliveryUpdates: userPreferences.deliveryUpdates,
  promotionalEmails: userPreferences.promotionalEmails,
  smsNotifications: userPreferences.smsNotifications,
  pushNotifications: userPreferences.pushNotifications,
};

export function createPreferencesRepository(db: Executor) {
  return {
    /** The saved preferences, or the defaults (all off) for someone who never saved any. */
    async findPreferences(userId: string, tx: Executor = db): Promise<NotificationPreferences> {
      const [row] = await tx.select(COLUMNS).from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
      return row ?? { ...DEFAULT_NOTIFICATION_PREFERENCES };
    },

    async savePreferences(userId: string, preferences: NotificationPreferences, tx: Executor = db): Promise<NotificationPreferences> {
      const values = { ...preferences, updatedAt: new Date() };
      const [row] = await tx
        .insert(userPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userPreferences.userId, set: values })
        .returning(COLUMNS);
      return row!;
    },
  };
}
export type PreferencesRepository = ReturnType<typeof createPreferencesRepository>;
