import { describe, expect, it } from 'vitest';
import type { UserProfile } from '@/shared/schemas/auth';
import { AVATAR_MAX_BYTES } from '@/shared/upload-limits';
import { avatarFileProblem } from './avatar-file';
import { formFromProfile, profileUpdateOf } from './profile-changes';

describe('avatarFileProblem', () => {
  it('accepts JPEG, PNG and WebP up to 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(avatarFileProblem({ type, size: AVATAR_MAX_BYTES })).toBeNull();
    }
  });

  it('names a wrong type, an empty file and a file over 2 MB', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe('settings.avatar.wrongType');
    expect(avatarFileProblem({ type: 'application/pdf', size: 10 })).toBe('settings.avatar.wrongType');
    expect(avatarFileProblem({ type: '', size: 10 })).toBe('settings.avatar.wrongType');
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe('settings.avatar.empty');
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('settings.avatar.tooLarge');
  });
});

describe('profileUpdateOf', () => {
  const profile: UserProfile = {
    id: 'u1',
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '+2348031234567',
    whatsappNumber: null,
    profileImage: null,
    walletBalance: 0,
    roles: ['customer'],
    language: 'en-US',
    createdAt: '2026-01-01T00:00:00.000Z',
  };
  const form = formFromProfile(profile);

  it('is null when nothing changed (spacing and letter case of the same email or phone included)', () => {
    expect(profileUpdateOf(form, profile)).toBeNull();
    expect(profileUpdateOf({ ...form, name: ' Ada Obi ', email: 'ADA@example.com', phone: '+234 803 123 4567' }, profile)).toBeNull();
  });

  it('sends a new name alone, without a password', () => {
    expect(profileUpdateOf({ ...form, name: 'Ada N. Obi', currentPassword: 'x' }, profile)).toEqual({ name: 'Ada N. Obi' });
  });

  it('sends a new email or phone with the current password', () => {
    expect(profileUpdateOf({ ...form, email: 'new@example.com', currentPassword: 'secret-pass' }, profile)).toEqual({
      email: 'new@example.com',
      currentPassword: 'secret-pass',
    });
    expect(profileUpdateOf({ ...form, name: 'Ada', phone: '+2348099999999', currentPassword: 'p' }, profile)).toEqual({
      name: 'Ada',
      phone: '+2348099999999',
      currentPassword: 'p',
    });
  });

  it('does not clear an email or phone left empty', () => {
    expect(profileUpdateOf({ ...form, email: '', phone: ' ' }, profile)).toBeNull();
  });
});
