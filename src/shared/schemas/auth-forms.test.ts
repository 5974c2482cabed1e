import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGE_KEYS } from './auth';
import {
  changePasswordFormSchema,
  firstInOrder,
  resetPasswordFormSchema,
  SIGN_UP_MESSAGE_ORDER,
  signUpFormSchema,
  type SignUpForm,
} from './auth-forms';

const valid: SignUpForm = {
  fullName: 'Ada Okafor',
  registerWith: 'email',
  email: 'ada@example.com',
  phone: '',
  countryCode: 'NG',
  password: 'Tr1cky-Lane-Pass!',
  confirmPassword: 'Tr1cky-Lane-Pass!',
  agreeTerms: true,
  agreeMarketing: false,
};

function firstMessage(form: SignUpForm) {
  const result = signUpFormSchema.safeParse(form);
  if (result.success) return undefined;
  return firstInOrder(
    result.error.issues.map((issue) => issue.message),
    SIGN_UP_MESSAGE_ORDER,
  );
}

describe('sign-up form, in the spec order', () => {
  it('accepts a complete form', () => {
    expect(signUpFormSchema.safeParse(valid).success).toBe(true);
  });

  it('asks for name and password first, then the method field, then matching, then terms', () => {
    const empty = { ...valid, fullName: ' ', password: '', email: '', confirmPassword: 'x', agreeTerms: false };
    expect(firstMessage(empty)).toBe(AUTH_MESSAGE_KEYS.requiredFields);
    expect(firstMessage({ ...empty, fullName: 'Ada', password: 'short' })).toBe(AUTH_MESSAGE_KEYS.emailRequired);
    expect(firstMessage({ ...empty, fullName: 'Ada', password: 'short', registerWith: 'phone' })).toBe(
      AUTH_MESSAGE_KEYS.phoneRequired,
    );
    expect(firstMessage({ ...empty, fullName: 'Ada', password: 'short', email: 'a@b.co' })).toBe(
      AUTH_MESSAGE_KEYS.passwordsMismatch,
    );
    expect(
      firstMessage({ ...empty, fullName: 'Ada', password: 'short', email: 'a@b.co', confirmPassword: 'short' }),
    ).toBe(AUTH_MESSAGE_KEYS.termsRequired);
    expect(firstMessage({ ...valid, password: 'short', confirmPassword: 'short' })).toBe(
      AUTH_MESSAGE_KEYS.passwordTooShort,
    );
  });

  it('checks the format of the chosen method only', () => {
    expect(firstMessage({ ...valid, email: 'not-an-email' })).toBe(AUTH_MESSAGE_KEYS.emailInvalid);
    expect(
      firstMessage({ ...valid, registerWith: 'whatsapp', email: 'not-an-email', phone: '803 123 4567' }),
    ).toBeUndefined();
    expect(firstMessage({ ...valid, registerWith: 'phone', phone: 'call me' })).toBe(AUTH_MESSAGE_KEYS.phoneInvalid);
  });
});

describe('reset password form', () => {
  const messageOf = (password: string, confirmPassword: string) => {
    const result = resetPasswordFormSchema.safeParse({ password, confirmPassword });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('checks filled, then matching, then length', () => {
    expect(messageOf('', 'abc')).toBe(AUTH_MESSAGE_KEYS.fillAllFields);
    expect(messageOf('abc', 'abd')).toBe(AUTH_MESSAGE_KEYS.passwordsMismatch);
    expect(messageOf('abc', 'abc')).toBe(AUTH_MESSAGE_KEYS.passwordTooShort);
    expect(messageOf('long-enough-1', 'long-enough-1')).toBeUndefined();
  });
});

describe('change password form', () => {
  it('refuses the current password as the new one, at the new one, before anything is sent', () => {
    const result = changePasswordFormSchema.safeParse({ currentPassword: 'Tr1cky-Lane-Pass!', password: 'Tr1cky-Lane-Pass!', confirmPassword: 'Tr1cky-Lane-Pass!' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['password', AUTH_MESSAGE_KEYS.passwordUnchanged]]);
    expect(changePasswordFormSchema.safeParse({ currentPassword: 'Tr1cky-Lane-Pass!', password: 'An0ther-Lane-Pass!', confirmPassword: 'An0ther-Lane-Pass!' }).success).toBe(true);
  });
});
