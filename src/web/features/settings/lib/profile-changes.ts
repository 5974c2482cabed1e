import type { UserProfile } from '@/shared/schemas/auth';
import type { ProfileUpdate } from '../api/update-profile';

export interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  currentPassword: string;
}

export const formFromProfile = (profile: UserProfile): ProfileForm => ({
  name: profile.name,
  email: profile.email ?? '',
  phone: profile.phone ?? '',
  currentPassword: '',
});

/** Phone numbers are compared by their digits, so "+234 803 …" and "+234803…" are the same number. */
const samePhone = (a: string, b: string) => a.replace(/[^\d+]/g, '') === b.replace(/[^\d+]/g, '');

/** Which of the form's fields differ from the saved profile. */
export function changedIdentifiers(form: ProfileForm, profile: UserProfile) {
  return {
    email: form.email.trim().toLowerCase() !== (profile.email ?? '').toLowerCase() && form.email.trim() !== '',
    phone: !samePhone(form.phone.trim(), profile.phone ?? '') && form.phone.trim() !== '',
  };
}

/**
 * The request body: only what changed. An email or phone change carries the current password (the server
 * then sends a code to the new one). Null when nothing changed.
 */
export function profileUpdateOf(form: ProfileForm, profile: UserProfile): ProfileUpdate | null {
  const body: ProfileUpdate = {};
  const name = form.name.trim();
  if (name !== profile.name) body.name = name;
  const changed = changedIdentifiers(form, profile);
  if (changed.email) body.email = form.email.trim();
  if (changed.phone) body.phone = form.phone.trim();
  if (changed.email || changed.phone) body.currentPassword = form.currentPassword;
  return Object.keys(body).length === 0 ? null : body;
}
