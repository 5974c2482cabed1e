import { z } from 'zod';
import { AUTH_MESSAGES, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './auth.js';

/**
 * Form schemas for the account screens. Each checks the spec's rules in the spec's order; the web shows the
 * first failure as the spec's toast and every failure next to its field.
 */

export type AuthMessageKey = keyof typeof AUTH_MESSAGES;

export const REGISTER_METHODS = ['email', 'phone', 'whatsapp'] as const;
export type RegisterMethod = (typeof REGISTER_METHODS)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginFormSchema = z.object({
  identifier: z.string().trim().min(1, AUTH_MESSAGES.requiredFields).max(254),
  password: z.string().min(1, AUTH_MESSAGES.requiredFields).max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
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
    password: z.string().max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
    confirmPassword: z.string().max(PASSWORD_MAX),
    agreeTerms: z.boolean(),
    agreeMarketing: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: keyof typeof form, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (form.fullName.trim() === '') issue('fullName', AUTH_MESSAGES.requiredFields);
    if (form.password === '') issue('password', AUTH_MESSAGES.requiredFields);
    const email = form.email.trim();
    const phone = form.phone.trim();
    if (form.registerWith === 'email' && email === '') issue('email', AUTH_MESSAGES.emailRequired);
    if (form.registerWith !== 'email' && phone === '') issue('phone', AUTH_MESSAGES.phoneRequired);
    if (form.password !== form.confirmPassword) issue('confirmPassword', AUTH_MESSAGES.passwordsMismatch);
    if (!form.agreeTerms) issue('agreeTerms', AUTH_MESSAGES.termsRequired);
    if (form.registerWith === 'email' && email !== '' && !EMAIL_PATTERN.test(email))
      issue('email', AUTH_MESSAGES.emailInvalid);
    if (form.registerWith !== 'email' && phone !== '' && !/^[\d\s().-]{4,20}$/.test(phone)) {
      issue('phone', AUTH_MESSAGES.phoneInvalid);
    }
    if (form.password !== '' && form.password.length < PASSWORD_MIN) issue('password', AUTH_MESSAGES.passwordTooShort);
  });
export type SignUpForm = z.infer<typeof signUpFormSchema>;

/** The order the spec checks sign-up rules in: the first one broken names the toast. */
export const SIGN_UP_MESSAGE_ORDER: readonly string[] = [
  AUTH_MESSAGES.requiredFields,
  AUTH_MESSAGES.emailRequired,
  AUTH_MESSAGES.phoneRequired,
  AUTH_MESSAGES.passwordsMismatch,
  AUTH_MESSAGES.termsRequired,
  AUTH_MESSAGES.emailInvalid,
  AUTH_MESSAGES.phoneInvalid,
  AUTH_MESSAGES.passwordTooShort,
  AUTH_MESSAGES.passwordTooLong,
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
  otp: z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), AUTH_MESSAGES.otpInvalid),
});

export const forgotPasswordFormSchema = z.object({
  identifier: z.string().trim().min(1, AUTH_MESSAGES.identifierRequired).max(254),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** Reset, in the spec's order: both filled, matching, at least 8 characters. */
export const resetPasswordFormSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
    confirmPassword: z.string().max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong),
  })
  .superRefine((form, ctx) => {
    if (form.password === '' || form.confirmPassword === '') {
      for (const path of ['password', 'confirmPassword'] as const) {
        if (form[path] === '') ctx.addIssue({ code: 'custom', path: [path], message: AUTH_MESSAGES.fillAllFields });
      }
      return;
    }
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsMismatch });
      return;
    }
    if (form.password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.passwordTooShort });
    }
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Which AUTH_MESSAGES entry a validation message is, so the web can translate it. */
export function authMessageKey(message: string | undefined): AuthMessageKey | undefined {
  if (!message) return undefined;
  return (Object.keys(AUTH_MESSAGES) as AuthMessageKey[]).find((key) => AUTH_MESSAGES[key] === message);
}
