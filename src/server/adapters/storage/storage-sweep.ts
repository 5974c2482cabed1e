import type { FileStorage, StorageNamespace } from './file-storage.js';

/** A module whose records point at stored files of one namespace. */
export interface StorageOwner {
  namespace: StorageNamespace;
  /** Which of these keys a record still points to. */
  keptAmong(keys: readonly string[]): Promise<Set<string>>;
}

/** Older than this, a file no record points to is an orphan: an upload's request takes seconds, not an hour. */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;
const KEYS_PER_QUERY = 500;

interface Logger {
  warn(object: unknown, message: string): void;
}

/**
 * Removes stored files that no record points to: the upload of a request that crashed between storing its files
 * and writing its rows (the running code cleans up after every refusal it sees), and the leftovers of interrupted
 * writes. Each module says which of its keys it keeps; the sweep only ever deletes what no one keeps.
 */
export function createStorageSweep(storage: Pick<FileStorage, 'listOlderThan' | 'delete'>, owners: readonly StorageOwner[], log: Logger) {
  return {
    /** Returns how many files it removed. */
    async sweep(now = new Date()): Promise<number> {
      let removed = 0;
      for (const owner of owners) {
        const keys = await storage.listOlderThan(owner.namespace, new Date(now.getTime() - ORPHAN_AFTER_MS));
        for (let i = 0; i < keys.length; i += KEYS_PER_QUERY) {
          const batch = keys.slice(i, i + KEYS_PER_QUERY);
          const kept = await owner.keptAmong(batch);
          for (const key of batch.filter((candidate) => !kept.has(candidate))) {
            await storage.delete(key);
            removed += 1;
          }
        }
      }
      if (removed > 0) log.warn({ removed }, 'storage: removed files no record points to');
      return removed;
    },
  };
}
