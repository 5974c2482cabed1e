import { AVATAR_MAX_BYTES } from '@/shared/upload-limits';

/** What the server accepts (it checks the bytes; this only spares a pointless upload). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const AVATAR_MESSAGES = {
  type: 'settings.avatar.wrongType',
  size: 'settings.avatar.tooLarge',
  empty: 'settings.avatar.empty',
} as const;

/** The i18n key of what is wrong with a chosen picture, or null when it may be sent. */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return AVATAR_MESSAGES.type;
  if (file.size === 0) return AVATAR_MESSAGES.empty;
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_MESSAGES.size;
  return null;
}
