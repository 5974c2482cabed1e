import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Env } from '../../config/env.js';
import type { FileStorage } from './file-storage.js';
import { createLocalFileStorage } from './local-file-storage.js';

export type { FileStorage, FileExtension, StorageNamespace } from './file-storage.js';
export { createStorageKey, isStorageKey } from './file-storage.js';

/**
 * The directory the local driver writes to: UPLOADS_DIR, else DATA_DIR/uploads. An in-memory database
 * (DATA_DIR=memory://, tests) has no directory, so its uploads go to a fresh temporary one.
 */
export function uploadsDirectory(env: Pick<Env, 'DATA_DIR' | 'UPLOADS_DIR'>): string {
  if (env.UPLOADS_DIR) return path.resolve(env.UPLOADS_DIR);
  if (env.DATA_DIR === 'memory://') return mkdtempSync(path.join(os.tmpdir(), 'lanefreight-uploads-'));
  return path.resolve(env.DATA_DIR, 'uploads');
}

/** Chosen by STORAGE_DRIVER; `local` is the only driver today (S3-compatible storage: docs/decisions/024). */
export function createFileStorage(env: Pick<Env, 'STORAGE_DRIVER' | 'DATA_DIR' | 'UPLOADS_DIR'>): FileStorage {
  switch (env.STORAGE_DRIVER) {
    case 'local':
      return createLocalFileStorage(uploadsDirectory(env));
  }
}
