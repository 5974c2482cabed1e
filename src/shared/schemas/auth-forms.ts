import { z } from 'zod';
import { AUTH_MESSAGE_KEYS, changePasswordShape, NEW_PASSWORD_UNCHANGED, newPasswordDiffers } from './auth.js';
import { OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '../rule-limits.js';

/**
 * Form schemas for the account screens. Each checks the spec's rules in the spec's order; the web shows the
 * first failure as the spec's toast and every failure next to its field.
 */

export type AuthMessageKey = (typeof AUTH_MESSAGE_KEYS)[keyof typeof AUTH_MESSAGE_KEYS];

export const REGISTER_METHODS = ['email', 'phone', 'whatsapp'] as const;
export type RegisterMethod = (typeof REGISTER_METHODS)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginFormSchema = z.object({
  identifier: z.string().trim().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(254),
  password: z.string().min(1, AUTH_MESSAGE_KEYS.requiredFields).max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong),
  rememberMe: z.boolean(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/**
 * Sign-up, in the spec's order: name and password, email (Email method), phone (phone methods), confirmation,
 * terms. Then what the server will insist on anyway (format, password length) so the person learns it here.
 */
export const signUpFormSchema = z
  .object({
    fullName: z.string().max(100),
    registerWith: z.enum(REGISTER_METHODS),
    email: z.string().max(254),
    phone: z.string().max(24),
    countryCode: z.string().length(2),
    password: z.string().max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong),
    confirmPassword: z.string().max(PASSWORD_MAX),
    agreeTerms: z.boolean(),
    agreeMarketing: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: keyof typeof form, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.fullName.trim() === '') issue('fullName', AUTH_MESSAGE_KEYS.requiredFields);
    if (form.password === '') issue('password', AUTH_MESSAGE_KEYS.requiredFields);
    const email = form.email.trim();
    const phone = form.phone.trim();
    if (form.registerWith === 'email' && email === '') issue('email', AUTH_MESSAGE_KEYS.emailRequired);
    if (form.registerWith !== 'email' && phone === '') issue('phone', AUTH_MESSAGE_KEYS.phoneRequired);
    if (form.password !== form.confirmPassword) issue('confirmPassword', AUTH_MESSAGE_KEYS.passwordsMismatch);
    if (!form.agreeTerms) issue('agreeTerms', AUTH_MESSAGE_KEYS.termsRequired);
    if (form.registerWith === 'email' && email !== '' && !EMAIL_PATTERN.test(email))
      issue('email', AUTH_MESSAGE_KEYS.emailInvalid);
    if (form.registerWith !== 'email' && phone !== '' && !/^[\d\s().-]{4,20}$/.test(phone)) {
      issue('phone', AUTH_MESSAGE_KEYS.phoneInvalid);
    }
    if (form.password !== '' && form.password.length < PASSWORD_MIN) issue('password', AUTH_MESSAGE_KEYS.passwordTooShort);
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** The order the spec checks sign-up rules in: the first one broken names the toast. */
export const SIGN_UP_MESSAGE_ORDER: readonly string[] = [
  AUTH_MESSAGE_KEYS.requiredFields,
  AUTH_MESSAGE_KEYS.emailRequired,
  AUTH_MESSAGE_KEYS.phoneRequired,
  AUTH_MESSAGE_KEYS.passwordsMismatch,
  AUTH_MESSAGE_KEYS.termsRequired,
  AUTH_MESSAGE_KEYS.emailInvalid,
  AUTH_MESSAGE_KEYS.phoneInvalid,
  AUTH_MESSAGE_KEYS.passwordTooShort,
  AUTH_MESSAGE_KEYS.passwordTooLong,
];

/** The first broken rule, in the spec's order, among a form's field messages. */
export function firstInOrder(messages: readonly (string | undefined)[], order: readonly string[]): string | undefined {
  const present = messages.filter((message): message is string => Boolean(message));
  const rank = (message: string) => {
    const index = order.indexOf(message);
    return index === -1 ? order.length : index;
  };
  return [...present].sort((a, b) => rank(a) - rank(b))[0];
}

export const otpFormSchema = z.object({
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), AUTH_MESSAGE_KEYS.otpInvalid),
});

export const forgotPasswordFormSchema = z.object({
  identifier: z.string().trim().min(1, AUTH_MESSAGE_KEYS.identifierRequired).max(254),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** Reset, in the spec's order: both filled, matching, at least 8 characters. */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong),
    confirmPassword: z.string().max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong),
  })
  .superRefine((form, ctx) => {
    if (form.password === '' || form.confirmPassword === '') {
      for (const path of ['password', 'confirmPassword'] as const) {
        if (form[path] === '') ctx.addIssue({ code: 'custom', path: [path], message: AUTH_MESSAGE_KEYS.fillAllFields });
      }
      return;
    }
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGE_KEYS.passwordsMismatch });
      return;
    }
    if (form.password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGE_KEYS.passwordTooShort });
    }
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The change-password form: the body, and the new password typed twice. */
export const changePasswordFormSchema = z
  .object({ ...changePasswordShape, confirmPassword: z.string().max(PASSWORD_MAX, AUTH_MESSAGE_KEYS.passwordTooLong) })
  .refine(newPasswordDiffers, NEW_PASSWORD_UNCHANGED)
  .refine((form) => form.password === form.confirmPassword, { path: ['confirmPassword'], message: AUTH_MESSAGE_KEYS.passwordsMismatch });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
