import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGE_KEYS, PROFILE_MESSAGE_KEYS, type UserProfile } from '@/shared/schemas/auth';
import { settingsFormSchema, settingsFormValues } from './settings-form';

const profile: UserProfile = {
  id: 'u1',
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: null,
  whatsappNumber: null,
  profileImage: null,
  walletBalance: 0,
  roles: ['customer'],
  language: 'en-US',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const preferences = { deliveryUpdates: true, promotionalEmails: false, smsNotifications: false, pushNotifications: false };
const values = settingsFormValues(profile, preferences);
const schema = settingsFormSchema(profile);
const issues = (input: typeof values) => schema.safeParse(input).error?.issues.map(({ path, message }) => ({ path, message }));

describe('settingsFormSchema', () => {
  it('sends no profile when nothing changed, and the preferences as shown', () => {
    expect(schema.parse(values)).toEqual({ profile: null, preferences });
    expect(schema.parse(settingsFormValues(profile, undefined))).toEqual({ profile: null, preferences: null });
  });

  it('checks only what changed, with the update body’s own schema', () => {
    expect(schema.parse({ ...values, name: ' Ada N. Obi ' })).toEqual({ profile: { name: 'Ada N. Obi' }, preferences });
    expect(issues({ ...values, name: '  ' })).toEqual([{ path: ['name'], message: AUTH_MESSAGE_KEYS.requiredFields }]);
  });

  it('asks for the current password beside its field when the email changes', () => {
    expect(issues({ ...values, email: 'new@example.com' })).toEqual([
      { path: ['currentPassword'], message: PROFILE_MESSAGE_KEYS.currentPasswordRequired },
    ]);
    expect(schema.parse({ ...values, email: 'new@example.com', currentPassword: 'secret-pass' }).profile).toEqual({
      email: 'new@example.com',
      currentPassword: 'secret-pass',
    });
  });
});
