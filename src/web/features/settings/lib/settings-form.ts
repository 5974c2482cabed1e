import { z } from 'zod';
import {
  PROFILE_MESSAGE_KEYS,
  updateProfileBodySchema,
  type UpdateProfileBody,
  type UserProfile,
} from '@/shared/schemas/auth';
import { PASSWORD_MAX } from '@/shared/rule-limits';
import { notificationPreferencesSchema, type NotificationPreferences } from '@/shared/schemas/preferences';
import { formFromProfile, profileUpdateOf, type ProfileForm } from './profile-changes';

/** The update body, naming a missing current password as the server does when an email or phone changes. */
const profileUpdateBodySchema = updateProfileBodySchema.extend({
  currentPassword: z.string().min(1, PROFILE_MESSAGE_KEYS.currentPasswordRequired).max(PASSWORD_MAX).optional(),
});

/** The settings form: the profile's fields as typed, and the notification preferences (null until they load). */
export type SettingsFormInput = ProfileForm & { preferences: NotificationPreferences | null };

/** What Save Changes sends: the profile's changes (null when none) and the preferences shown. */
export interface SettingsChanges {
  profile: UpdateProfileBody | null;
  preferences: NotificationPreferences | null;
}

export const PROFILE_FIELDS = ['name', 'email', 'phone', 'currentPassword'] as const;

export const settingsFormValues = (profile: UserProfile, preferences: NotificationPreferences | undefined): SettingsFormInput => ({
  ...formFromProfile(profile),
  preferences: preferences ?? null,
});

/**
 * Only what changed is checked, by the body's own schema (a blank name is a change, to nothing), so an untouched
 * field never blocks a save; the body's field names are the form's, so each message lands beside its field.
 */
export function settingsFormSchema(profile: UserProfile) {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      currentPassword: z.string(),
      preferences: notificationPreferencesSchema.nullable(),
    })
    .transform(({ preferences, ...form }, ctx): SettingsChanges => {
      const changes = profileUpdateOf(form, profile);
      if (!changes) return { profile: null, preferences };
      const body = profileUpdateBodySchema.safeParse(changes);
      if (body.success) return { profile: body.data, preferences };
      for (const issue of body.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    });
}
