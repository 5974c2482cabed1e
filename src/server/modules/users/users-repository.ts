import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { UserProfile } from '../../../shared/schemas/auth.js';
import { users, wallets } from '../../db/schema/index.js';
import { PROFILE_COLUMNS } from './profile-columns.js';
import type { Role } from '../../../shared/roles.js';

export type ProfileRow = Omit<UserProfile, 'createdAt'> & { createdAt: Date };

export function createUsersRepository(db: Executor) {
  return {
    /**
     * Serialises work on one identifier until the transaction ends (duplicate checks, resend limits),
     * across every connection and instance.
     */
    async lockIdentifier(value: string, tx: Executor) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`identifier:${value}`}))`);
    },

    /** Adds a role (idempotent). */
    async grantRole(userId: string, role: Role, tx: Executor = db) {
      await tx
        .update(users)
        .set({ roles: sql`array_append(array_remove(${users.roles}, ${role}), ${role})`, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** How to reach these accounts (those that exist), in no particular order. */
    async findContacts(userIds: readonly string[]) {
      return db
        .select({ id: users.id, email: users.email, phone: users.phone, whatsappNumber: users.whatsappNumber, language: users.language })
        .from(users)
        .where(inArray(users.id, [...userIds]));
    },

    async findProfile(userId: string, tx: Executor = db) {
      const [row] = await tx
        .select(PROFILE_COLUMNS)
        .from(users)
        .leftJoin(wallets, eq(wallets.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /**
     * Whether an identifier already belongs to an account (other than `exceptUserId`). A phone number
     * signs in whether it was registered as phone or WhatsApp, so it is unique across both columns.
     */
    async isIdentifierTaken(kind: 'email' | 'phone', value: string, exceptUserId?: string, tx: Executor = db) {
      const match = kind === 'email' ? eq(users.email, value) : or(eq(users.phone, value), eq(users.whatsappNumber, value));
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(exceptUserId ? and(match, ne(users.id, exceptUserId)) : match)
        .limit(1);
      return row !== undefined;
    },

    async updateProfile(
      userId: string,
      values: Partial<Pick<typeof users.$inferInsert, 'name' | 'language'>>,
      tx: Executor = db,
    ) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
