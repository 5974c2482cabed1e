import type { Executor } from '../../db/client.js';
import type { DomainEvents } from '../../lib/domain-events.js';
import type { InvalidationBus } from '../../lib/invalidation-bus.js';
import type { NotificationPreferences } from '../../../shared/schemas/preferences.js';
import type { PreferencesRepository } from './preferences-repository.js';

/**
 * Whether to send an optional message is asked on every status change of a customer's deliveries. The answer is
 * kept in memory: saving clears it at once (on every instance when the invalidation bus spans them, REDIS_URL);
 * the age limit bounds a lost invalidation, which at worst sends or skips one optional message.
 */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;
const TOPIC = 'preferences';

export function createPreferencesService(repository: PreferencesRepository, invalidationBus: InvalidationBus) {
  const cache = new Map<string, { preferences: NotificationPreferences; until: number }>();
  // A read that began before a save must not put the old answer back after the save cleared it.
  let invalidations = 0;
  invalidationBus.subscribe(TOPIC, (userId) => {
    invalidations++;
    cache.delete(userId);
  });

  return {
    /** A deleted account's preferences are gone from the database (decision 059): from every instance's memory too. */
    subscribe(events: Pick<DomainEvents, 'onEveryInstance'>) {
      events.onEveryInstance('user.deleted', ({ userId }) => {
        invalidations++;
        cache.delete(userId);
      });
    },

    /** Fresh from the database: what the settings page shows. */
    find: (userId: string) => repository.findPreferences(userId),

    async save(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
      const saved = await repository.savePreferences(userId, preferences);
      invalidationBus.publish(TOPIC, userId);
      return saved;
    },

    /**
     * For deciding optional messages: from memory when this instance read them recently, else through `tx` (a
     * caller in a transaction must not wait for a second connection; the embedded database has one).
     */
    async forMessages(userId: string, tx?: Executor): Promise<NotificationPreferences> {
      const now = Date.now();
      const cached = cache.get(userId);
      if (cached && cached.until > now) return cached.preferences;
      const before = invalidations;
      const preferences = await repository.findPreferences(userId, tx);
      if (invalidations === before) {
        if (cache.size >= CACHE_MAX) cache.clear();
        cache.set(userId, { preferences, until: now + CACHE_TTL_MS });
      }
      return preferences;
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
