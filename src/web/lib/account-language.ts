import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isLanguage } from '@/shared/i18n';
import { userProfileSchema, type UserProfile } from '@/shared/schemas/auth';
import { apiRequest } from './api-client';
import { i18n } from './i18n';
import { USER_PROFILE_KEY } from './query-keys';

/**
 * The language chosen in the app (any language picker) becomes the account's, so messages (codes, receipts,
 * notifications) arrive in it. Only while signed in, and only when it differs from what the account has.
 */
export async function saveLanguageToAccount(queryClient: QueryClient, language: string): Promise<void> {
  const profile = queryClient.getQueryData<UserProfile | null>(USER_PROFILE_KEY);
  if (!profile || !isLanguage(language) || profile.language === language) return;
  try {
    const updated = await apiRequest('/update/user-profile', userProfileSchema, { body: { language } });
    queryClient.setQueryData(USER_PROFILE_KEY, updated);
  } catch {
    // The screen already speaks the new language; the account keeps the old one until the next change.
  }
}

export function useAccountLanguageSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const handleChange = (language: string) => void saveLanguageToAccount(queryClient, language);
    i18n.on('languageChanged', handleChange);
    return () => i18n.off('languageChanged', handleChange);
  }, [queryClient]);
}
