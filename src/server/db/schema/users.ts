import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** verify: sign-up; reset: password reset; change: confirms a new email or phone (the row's identifier) for userId. */
export const CODE_PURPOSES = ['verify', 'reset', 'change'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    whatsappNumber: text('whatsapp_number'),
    passwordHash: text('password_hash').notNull(),
    profileImage: text('profile_image'),
    language: text('language').notNull().default('en-US'),
    roles: text('roles').array().notNull().default(sql`ARRAY['customer']::text[]`),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /** Wrong passwords since the last successful sign-in or password reset, across all clients and instances. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** Set when failedSignIns reached the limit: the password is refused until a reset. */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /**
     * When the owner deleted the account (decision 059): the row stays, for the deliveries and the ledger that name
     * it, with its personal data gone and no identifier, so the email and phone can sign up again.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_whatsapp_key').on(t.whatsappNumber),
    // A live account signs in with at least one identifier; a deleted one keeps none.
    check(
      'users_has_identifier',
      sql`(${t.deletedAt} IS NULL) = (${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL OR ${t.whatsappNumber} IS NOT NULL)`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The last time the password was entered again on this session (step-up, POST /api/reauth). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One live code per (identifier, purpose): a new code replaces the old one. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('one_time_codes_identifier_purpose_key').on(t.identifier, t.purpose)],
);

/** Each code sent, kept to enforce the resend cooldown and hourly cap. */
export const codeSends = pgTable(
  'code_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    purpose: text('purpose', { enum: CODE_PURPOSES }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_sends_identifier_idx').on(t.identifier, t.purpose, t.sentAt)],
);

export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reset_tokens_token_hash_key').on(t.tokenHash)],
);
