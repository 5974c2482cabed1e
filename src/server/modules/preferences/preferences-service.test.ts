import { describe, expect, it } from 'vitest';
import { createLocalInvalidationBus } from '../../lib/invalidation-bus.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../shared/schemas/preferences.js';
import type { PreferencesRepository } from './preferences-repository.js';
import { createPreferencesService } from './preferences-service.js';

/** A repository whose reads are counted and can be held open, to interleave a save with them. */
function fakeRepository() {
  let stored: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  let hold: Promise<void> | null = null;
  const repository = {
    reads: 0,
    async findPreferences() {
      repository.reads++;
      const value = stored;
      await hold;
      return value;
    },
    async savePreferences(_userId: string, preferences: NotificationPreferences) {
      stored = preferences;
      return preferences;
    },
  };
  return {
    repository,
    holdReads() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
  };
}

describe('preferences for optional messages', () => {
  it('are read once, then from memory until a save clears them', async () => {
    const fake = fakeRepository();
    const service = createPreferencesService(fake.repository as unknown as PreferencesRepository, createLocalInvalidationBus());
    expect((await service.forMessages('u1')).deliveryUpdates).toBe(false);
    await service.forMessages('u1');
    expect(fake.repository.reads).toBe(1);
    await service.save('u1', { ...DEFAULT_NOTIFICATION_PREFERENCES, deliveryUpdates: true });
    expect((await service.forMessages('u1')).deliveryUpdates).toBe(true);
    expect(fake.repository.reads).toBe(2);
  });

  it('a read that began before a save does not put the old answer back', async () => {
    const fake = fakeRepository();
    const service = createPreferencesService(fake.repository as unknown as PreferencesRepository, createLocalInvalidationBus());
    const release = fake.holdReads();
    const before = service.forMessages('u1');
    await service.save('u1', { ...DEFAULT_NOTIFICATION_PREFERENCES, deliveryUpdates: true });
    release();
    expect((await before).deliveryUpdates).toBe(false);
    expect((await service.forMessages('u1')).deliveryUpdates).toBe(true);
  });
});
