import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { normalizeEmail, normalizePhone } from '../../../shared/identifiers.js';
import { AUTH_MESSAGE_KEYS, type UpdateProfileBody, type UserProfile } from '../../../shared/schemas/auth.js';
import type { ProfileRow, UsersRepository } from './users-repository.js';

export function toUserProfile(row: ProfileRow): UserProfile {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** One answer for email and phone alike. */
export function identifierTakenError() {
  return new AppError('IDENTIFIER_TAKEN');
}

export function createUsersService(deps: { db: Db; repository: UsersRepository }) {
  const { db, repository } = deps;

  async function getProfile(userId: string): Promise<UserProfile> {
    const row = await repository.findProfile(userId);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return toUserProfile(row);
  }

  async function updateProfile(userId: string, body: UpdateProfileBody): Promise<UserProfile> {
    const changes: Parameters<UsersRepository['updateProfile']>[1] = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.profileImage !== undefined) changes.profileImage = body.profileImage;
    if (body.language !== undefined) changes.language = body.language;
    if (body.email !== undefined) {
      const email = normalizeEmail(body.email);
      if (!email) throw new AppError('VALIDATION_FAILED', { fields: { email: [AUTH_MESSAGE_KEYS.emailInvalid] } });
      changes.email = email;
    }
    if (body.phone !== undefined) {
      const phone = normalizePhone(body.phone);
      if (!phone) throw new AppError('INVALID_PHONE', { fields: { phone: [AUTH_MESSAGE_KEYS.phoneInvalid] } });
      changes.phone = phone;
    }

    try {
      await db.transaction(async (tx) => {
        for (const [kind, value] of [['email', changes.email], ['phone', changes.phone]] as const) {
          if (value === undefined || value === null) continue;
          await repository.lockIdentifier(value, tx);
          if (await repository.isIdentifierTaken(kind, value, userId, tx)) throw identifierTakenError();
        }
        await repository.updateProfile(userId, changes, tx);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw identifierTakenError();
      throw err;
    }
    return getProfile(userId);
  }

  return { getProfile, updateProfile };
}
export type UsersService = ReturnType<typeof createUsersService>;
