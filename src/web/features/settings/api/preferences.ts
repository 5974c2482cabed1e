import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesSchema as preferencesSchema,
  type NotificationPreferences as Preferences,
} from '@/shared/schemas/preferences';
import { apiRequest } from '@/web/lib/api-client';

export const PREFERENCE_NAMES = ['deliveryUpdates', 'promotionalEmails', 'smsNotifications', 'pushNotifications'] as const;
export type PreferenceName = (typeof PREFERENCE_NAMES)[number];
export type { Preferences };

export const PREFERENCES_KEY = ['preferences'] as const;

/** `GET /api/preferences` and `PUT /api/preferences` (the same object) in one file: one endpoint, two verbs. */
export function getPreferences(signal?: AbortSignal): Promise<Preferences> {
  return apiRequest('/preferences', preferencesSchema, { signal });
}

export function savePreferences(preferences: Preferences): Promise<Preferences> {
  return apiRequest('/preferences', preferencesSchema, { method: 'PUT', body: preferences });
}

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => getPreferences(signal) });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
