import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { createGroupCommit } from '../../lib/group-commit.js';
import { normalizeEmail, normalizePhone } from '../../../shared/identifiers.js';
import { AUTH_MESSAGE_KEYS, PROFILE_MESSAGE_KEYS, type UpdateProfileBody, type UserProfile } from '../../../shared/schemas/auth.js';
import type { ProfileRow, UsersRepository } from './users-repository.js';
import type { Executor } from '../../db/client.js';
import type { Role } from '../../../shared/roles.js';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';

export function toUserProfile(row: ProfileRow): UserProfile {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** One answer for email and phone alike. */
export function identifierTakenError() {
  return new AppError('IDENTIFIER_TAKEN');
}

export interface IdentifierChange {
  kind: 'email' | 'phone';
  /** Normalised: lower-case email or E.164. */
  value: string;
}

/** How to reach an account holder: what a message to them needs. */
export type AccountContact = Pick<UserProfile, 'email' | 'phone' | 'whatsappNumber' | 'language'>;

export function createUsersService(deps: { db: Db; repository: UsersRepository }) {
  const { repository } = deps;
  // Messages after a commit (receipts, delivery updates) ask for contacts together under load: one read for the lot.
  const contacts = createGroupCommit(async (userIds: readonly string[]) => {
    const byId = new Map((await repository.findContacts(userIds)).map((row) => [row.id, row]));
    return userIds.map((id) => byId.get(id) ?? null);
  });

  /** How to reach the account holder; UNAUTHENTICATED when the account is gone, as getProfile. */
  async function contactOf(userId: string): Promise<AccountContact> {
    const found = await contacts.submit(userId);
    if (!found) throw new AppError('UNAUTHENTICATED');
    const { id: _id, ...contact } = found;
    return contact;
  }

  async function getProfile(userId: string): Promise<UserProfile> {
    const row = await repository.findProfile(userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return toUserProfile(row);
  }

  /** The account's language, one of the eight (the fallback for anything else). */
  async function languageOf(userId: string): Promise<Language> {
    const { language } = await getProfile(userId);
    return isLanguage(language) ? language : FALLBACK_LANGUAGE;
  }

  /**
   * The email or phone the body would change, normalised; null when it names none or only the current ones.
   * Such a change is never applied here: it needs the password and a code (AuthService.requestIdentifierChange).
   */
  async function findIdentifierChange(userId: string, body: Pick<UpdateProfileBody, 'email' | 'phone'>): Promise<IdentifierChange | null> {
    const changes: IdentifierChange[] = [];
    const current = body.email !== undefined || body.phone !== undefined ? await getProfile(userId) : null;
    if (body.email !== undefined) {
      const email = normalizeEmail(body.email);
      if (!email) throw new AppError('VALIDATION_FAILED', { fields: { email: [AUTH_MESSAGE_KEYS.emailInvalid] } });
      if (email !== current?.email) changes.push({ kind: 'email', value: email });
    }
    if (body.phone !== undefined) {
      const phone = normalizePhone(body.phone);
      if (!phone) throw new AppError('INVALID_PHONE', { fields: { phone: [AUTH_MESSAGE_KEYS.phoneInvalid] } });
      if (phone !== current?.phone) changes.push({ kind: 'phone', value: phone });
    }
    if (changes.length > 1) {
      throw new AppError('VALIDATION_FAILED', { fields: { phone: [PROFILE_MESSAGE_KEYS.oneIdentifierAtATime] } });
    }
    return changes[0] ?? null;
  }

  /**
   * Name and language change at once; identifiers are left to the confirmed change, the picture to the avatar
   * service (it owns the stored file).
   */
  async function updateProfile(userId: string, body: Pick<UpdateProfileBody, 'name' | 'language'>): Promise<UserProfile> {
    const changes: Parameters<UsersRepository['updateProfile']>[1] = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.language !== undefined) changes.language = body.language;
    if (Object.keys(changes).length > 0) await repository.updateProfile(userId, changes);
    return getProfile(userId);
  }

  return {
    getProfile,
    languageOf,
    contactOf,
    findIdentifierChange,
    updateProfile,
    /** For sign-up and identifier changes: serialise work on one identifier, then check it is free. */
    lockIdentifier: repository.lockIdentifier,
    isIdentifierTaken: repository.isIdentifierTaken,
    /** Gives the user a role, in the caller's transaction (a driver's approval). */
    grantRole: (tx: Executor, userId: string, role: Role) => repository.grantRole(userId, role, tx),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
