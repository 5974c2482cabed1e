import { z } from 'zod';
import { LANGUAGES } from '../i18n.js';
import { PASSWORD_MAX, PASSWORD_MIN } from '../rule-limits.js';

/** i18n keys of the account forms' messages; the server's catalogue (lib/messages.ts) holds their English. */
export const AUTH_MESSAGE_KEYS = {
  requiredFields: 'auth.validation.requiredFields',
  emailRequired: 'auth.validation.emailRequired',
  phoneRequired: 'auth.validation.phoneRequired',
  passwordsMismatch: 'auth.validation.passwordsMismatch',
  termsRequired: 'auth.validation.termsRequired',
  otpInvalid: 'auth.validation.otpInvalid',
  identifierRequired: 'auth.validation.identifierRequired',
  fillAllFields: 'auth.validation.fillAllFields',
  passwordTooShort: 'auth.validation.passwordTooShort',
  passwordTooLong: 'auth.validation.passwordTooLong',
  emailInvalid: 'auth.validation.emailInvalid',
  phoneInvalid: 'auth.validation.phoneInvalid',
  exactlyOneIdentifier: 'auth.validation.exactlyOneIdentifier',
  passwordTooCommon: 'auth.validation.passwordTooCommon',
  identifierInvalid: 'auth.validation.identifierInvalid',
  passwordUnchanged: 'auth.validation.passwordUnchanged',
} as const;

export const PROFILE_MESSAGE_KEYS = {
  imageUploadOnly: 'validation.profile.imageUploadOnly',
  currentPasswordRequired: 'validation.profile.currentPasswordRequired',
  currentPasswordIncorrect: 'validation.profile.currentPasswordIncorrect',
  oneIdentifierAtATime: 'validation.profile.oneIdentifierAtATime',
  deletionPasswordRequired: 'validation.profile.deletionPasswordRequired',
} as const;

/** `type` of a login answer for an account whose identifier is not verified yet (the spec's value). */
export const UNVERIFIED_TYPE = 'unverified';

const requiredText = (max: number) => z.string().trim().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(max);
const password = z.string().min(PASSWORD_MIN, AUTH_MESSAGE_KEYS.passwordTooShort).max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong);
const identifier = z.string().trim().min(1, AUTH_MESSAGE_KEYS.identifierRequired).max(254);
const otp = z.string().regex(/^\d{6}$/, AUTH_MESSAGE_KEYS.otpInvalid);

export const registerBodySchema = z
  .object({
    name: requiredText(100),
    password,
    email: z.string().trim().max(254).optional(),
    phone: z.string().trim().max(24).optional(),
    whatsapp_number: z.string().trim().max(24).optional(),
    marketingConsent: z.boolean().optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .refine((b) => [b.email, b.phone, b.whatsapp_number].filter((v) => v !== undefined && v !== '').length === 1, {
    message: AUTH_MESSAGE_KEYS.exactlyOneIdentifier,
    path: ['email'],
  });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerResultSchema = z.object({
  /** Where the code went: the normalised identifier (email or E.164). */
  identifier: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
});

export const loginBodySchema = z.object({
  identifier: z.string().trim().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(254),
  password: z.string().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(PASSWORD_MAX),
  rememberMe: z.boolean().default(false),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** Integer kobo. */
  walletBalance: z.number().int(),
  roles: z.array(z.string()),
  language: z.string(),
  createdAt: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const sessionResultSchema = z.object({
  /** Also set as the httpOnly session cookie; API clients send it as `Authorization: Bearer`. */
  token: z.string(),
  expiresAt: z.string().nullable(),
  user: userProfileSchema,
});
export type SessionResult = z.infer<typeof sessionResultSchema>;

/**
 * `GET /api/session`: who is signed in, or `user: null`. Being signed out is an answer here, not a 401, so the web's
 * session probe on every visit to /auth logs no failed request (docs/decisions/048).
 */
export const currentSessionSchema = z.object({
  user: userProfileSchema.nullable(),
});
export type CurrentSession = z.infer<typeof currentSessionSchema>;

export const verifyOtpBodySchema = z.object({
  identifier,
  otp,
  /** true when the person came from sign-in (not registration): a session starts on success. */
  startSession: z.boolean().default(false),
  rememberMe: z.boolean().default(false),
});

export const verifyOtpResultSchema = z.object({
  verified: z.literal(true),
  session: sessionResultSchema.nullable(),
});

export const identifierBodySchema = z.object({ identifier });

export const verifyResetBodySchema = z.object({ identifier, otp });
export const verifyResetResultSchema = z.object({ resetToken: z.string(), expiresAt: z.string() });

export const resetPasswordBodySchema = z.object({
  token: z.string().min(20).max(200),
  password,
});

export const emptyResultSchema = z.object({}).strict();

/** Settings' change of password: the current one, then the new one under the sign-up rule (decision 052). */
export const changePasswordShape = {
  currentPassword: z.string().min(1, AUTH_MESSAGE_KEYS.fillAllFields).max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong),
  password,
};

/** A change of password changes it: the new one differs from the current one (said at the new one). */
export const newPasswordDiffers = (body: { currentPassword: string; password: string }) => body.password !== body.currentPassword;
export const NEW_PASSWORD_UNCHANGED = { path: ['password'], message: AUTH_MESSAGE_KEYS.passwordUnchanged };

export const changePasswordBodySchema = z.object(changePasswordShape).refine(newPasswordDiffers, NEW_PASSWORD_UNCHANGED);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Settings' Delete account: the current password, checked like a sign-in (decision 059). */
export const deleteAccountBodySchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, PROFILE_MESSAGE_KEYS.deletionPasswordRequired)
      .max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/**
 * Every field optional; only the given ones change. `profileImage: null` removes the picture (the only value
 * accepted: docs/decisions/030). A new email or
 * phone also needs `currentPassword`, and takes effect only once confirmed with a code (see identifier-change.ts).
 */
export const updateProfileBodySchema = z
  .object({
    name: z.string().trim().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(100).optional(),
    email: z.string().trim().min(1, AUTH_MESSAGE_KEYS.emailRequired).max(254).optional(),
    phone: z.string().trim().min(1, AUTH_MESSAGE_KEYS.phoneRequired).max(24).optional(),
    /** Only null (remove): a picture is set by uploading it (POST /api/user-profile/avatar), never by address. */
    profileImage: z.null({ error: PROFILE_MESSAGE_KEYS.imageUploadOnly }).optional(),
    language: z.enum(LANGUAGES).optional(),
    currentPassword: z.string().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(PASSWORD_MAX).optional(),
  })
  .strict();
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;
