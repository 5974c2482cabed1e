import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { normalizeEmail, normalizePhone } from '../../../shared/identifiers.js';
import { AUTH_MESSAGES, type UpdateProfileBody, type UserProfile } from '../../../shared/schemas/auth.js';
import type { ProfileRow, UsersRepository } from './users-repository.js';

export function toUserProfile(row: ProfileRow): UserProfile {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export function identifierTakenError(kind: 'email' | 'phone') {
  return new AppError(
    'IDENTIFIER_TAKEN',
    kind === 'email'
      ? 'An account with this email address already exists. Please log in instead.'
      : 'An account with this phone number already exists. Please log in instead.',
  );
}

export function createUsersService(deps: { db: Db; repository: UsersRepository }) {
  const { db, repository } = deps;

  async function getProfile(userId: string): Promise<UserProfile> {
    const row = await repository.findProfile(userId);
    if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    return toUserProfile(row);
  }

  async function updateProfile(userId: string, body: UpdateProfileBody): Promise<UserProfile> {
    const changes: Parameters<UsersRepository['updateProfile']>[1] = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.profileImage !== undefined) changes.profileImage = body.profileImage;
    if (body.language !== undefined) changes.language = body.language;
    if (body.email !== undefined) {
      const email = normalizeEmail(body.email);
      if (!email) throw new AppError('VALIDATION_FAILED', AUTH_MESSAGES.emailInvalid, { details: { email: [AUTH_MESSAGES.emailInvalid] } });
      changes.email = email;
    }
    if (body.phone !== undefined) {
      const phone = normalizePhone(body.phone);
      if (!phone) throw new AppError('INVALID_PHONE', AUTH_MESSAGES.phoneInvalid, { details: { phone: [AUTH_MESSAGES.phoneInvalid] } });
      changes.phone = phone;
    }

    try {
      await db.transaction(async (tx) => {
        for (const [kind, value] of [['email', changes.email], ['phone', changes.phone]] as const) {
          if (value === undefined || value === null) continue;
          await repository.lockIdentifier(value, tx);
          if (await repository.isIdentifierTaken(kind, value, userId, tx)) throw identifierTakenError(kind);
        }
        await repository.updateProfile(userId, changes, tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw identifierTakenError(changes.email !== undefined ? 'email' : 'phone');
      throw err;
    }
    return getProfile(userId);
  }

  return {
    getProfile,
    updateProfile,
    /** For sign-up and identifier changes: serialise work on one identifier, then check it is free. */
    lockIdentifier: repository.lockIdentifier,
    isIdentifierTaken: repository.isIdentifierTaken,
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
