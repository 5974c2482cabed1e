import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { createStorageKey, isStorageKey, type FileStorage } from '../../adapters/storage/index.js';
import { AppError } from '../../lib/app-error.js';
import { reencodeAvatar } from '../../lib/uploads.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import type { AvatarRepository } from './avatar-repository.js';

/** Where the app serves avatars: `/api/avatars/yyyy-mm/<32 hex>.<ext>`, the storage key after `avatars/`. */
export const AVATAR_URL_PREFIX = '/api/avatars/';

export const AVATAR_CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

export function avatarUrlOf(key: string): string {
  return `${AVATAR_URL_PREFIX}${key.slice('avatars/'.length)}`;
}

/** The storage key behind one of our avatar URLs; null for anything else (no picture, an old external URL). */
export function avatarKeyOf(url: string | null | undefined): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const key = `avatars/${url.slice(AVATAR_URL_PREFIX.length)}`;
  return isStorageKey(key) ? key : null;
}

const avatarNotFound = () => new AppError('NOT_FOUND');

export function createAvatarService(deps: {
  storage: FileStorage;
  repository: AvatarRepository;
  getProfile: (userId: string) => Promise<UserProfile>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { storage, repository, log } = deps;

  /** Removing an old picture is tidying up: the answer does not wait on it or fail with it. */
  async function deleteQuietly(key: string | null) {
    if (!key) return;
    try {
      await storage.delete(key);
    } catch (err) {
      log.warn({ err, key }, 'avatars: could not delete a replaced picture');
    }
  }

  /**
   * Checks and re-encodes the upload (docs/decisions/024), stores it under a fresh key, points the profile at it
   * and deletes the picture it replaces. A refused file leaves everything as it was.
   */
  async function replaceAvatar(userId: string, upload: Buffer): Promise<UserProfile> {
    const image = await reencodeAvatar(upload);
    const key = createStorageKey('avatars', image.extension);
    await storage.put(key, image.bytes);
    let swapped: Awaited<ReturnType<AvatarRepository['swapProfileImage']>>;
    try {
      swapped = await repository.swapProfileImage(userId, avatarUrlOf(key));
    } catch (err) {
      await deleteQuietly(key);
      throw err;
    }
    if (!swapped) {
      await deleteQuietly(key);
      throw new AppError('UNAUTHENTICATED');
    }
    await deleteQuietly(avatarKeyOf(swapped.previous));
    return deps.getProfile(userId);
  }

  /** Which of these stored pictures a profile still shows (the storage sweep removes the others). */
  async function keptAmong(keys: readonly string[]): Promise<Set<string>> {
    const shown = await repository.profileImagesAmong(keys.map(avatarUrlOf));
    return new Set(keys.filter((key) => shown.has(avatarUrlOf(key))));
  }

  async function removeAvatar(userId: string): Promise<UserProfile> {
    const swapped = await repository.swapProfileImage(userId, null);
    if (swapped) await deleteQuietly(avatarKeyOf(swapped.previous));
    return deps.getProfile(userId);
  }

  /** The stored picture behind an avatar URL's path (`yyyy-mm/<hex>.<ext>`); NOT_FOUND for anything else. */
  async function openAvatar(path: string): Promise<{ stream: Readable; sizeBytes: number; contentType: string }> {
    const key = avatarKeyOf(`${AVATAR_URL_PREFIX}${path}`);
    const contentType = key ? AVATAR_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] : undefined;
    if (!key || !contentType) throw avatarNotFound();
    const stored = await storage.get(key);
    if (!stored) throw avatarNotFound();
    return { ...stored, contentType };
  }

  /** The stored file behind a picture address a profile no longer shows (a deleted account's, decision 059). */
  const deletePictureFile = (url: string | null) => deleteQuietly(avatarKeyOf(url));

  return { replaceAvatar, removeAvatar, openAvatar, keptAmong, deletePictureFile };
}
export type AvatarService = ReturnType<typeof createAvatarService>;
