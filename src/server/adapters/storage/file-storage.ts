import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are made by the server (`createStorageKey`), never taken from a client, and
 * every driver refuses a key that does not have that shape.
 */
export interface FileStorage {
  readonly driver: 'local';
  /** Writes the whole body under `key`, replacing nothing: a key that exists already is an error. */
  put(key: string, body: Buffer | Readable): Promise<{ key: string; sizeBytes: number }>;
  /** The stored bytes as a stream, or null when nothing is stored under `key`. */
  get(key: string): Promise<{ stream: Readable; sizeBytes: number } | null>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The keys in a namespace written before `before` (for sweeping files no record points to), and the leftovers of
   * writes interrupted before then, which are removed on the way (they were never a key).
   */
  listOlderThan(namespace: StorageNamespace, before: Date): Promise<string[]>;
}

/** What a file is for: the first part of its key. */
export const STORAGE_NAMESPACES = ['avatars', 'partner-documents', 'delivery-proofs'] as const;
export type StorageNamespace = (typeof STORAGE_NAMESPACES)[number];

export const FILE_EXTENSIONS = ['jpg', 'png', 'webp', 'pdf'] as const;
export type FileExtension = (typeof FILE_EXTENSIONS)[number];

/** namespace/yyyy-mm/<32 hex>.<ext>: nothing a path could be built from. */
export const STORAGE_KEY_PATTERN = new RegExp(
  `^(${STORAGE_NAMESPACES.join('|')})/\\d{4}-\\d{2}/[0-9a-f]{32}\\.(${FILE_EXTENSIONS.join('|')})$`,
);

export function isStorageKey(key: unknown): key is string {
  return typeof key === 'string' && STORAGE_KEY_PATTERN.test(key);
}

/** A fresh, unguessable key; the month keeps directories small and makes retention sweeps cheap. */
export function createStorageKey(namespace: StorageNamespace, extension: FileExtension, now = new Date()): string {
  const month = now.toISOString().slice(0, 7);
  return `${namespace}/${month}/${randomBytes(16).toString('hex')}.${extension}`;
}

export class InvalidStorageKeyError extends Error {
  constructor(key: unknown) {
    super(`Not a storage key: ${JSON.stringify(String(key)).slice(0, 80)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: unknown): asserts key is string {
  if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
}
