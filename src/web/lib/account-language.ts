import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/**
 * The account's language follows its owner to every device (decision 086): when a signed-in user arrives (a sign-in,
 * or a load with a session) and whenever the account's language changes, the screen takes it. A pick made while
 * signed in becomes the account's (above), so it is not undone by the next load; a pick made before signing in
 * gives way to the account's. A language named in the address (`?lng=`) keeps that page in it.
 */
export function followAccountLanguage(queryClient: QueryClient): () => void {
  let seen: { id: string; language: string } | null = null;
  const follow = () => {
    const profile = queryClient.getQueryData<UserProfile | null>(USER_PROFILE_KEY);
    if (!profile) {
      seen = null;
      return;
    }
    if (seen?.id === profile.id && seen.language === profile.language) return;
    seen = { id: profile.id, language: profile.language };
    if (!isLanguage(profile.language) || profile.language === i18n.resolvedLanguage) return;
    if (new URLSearchParams(window.location.search).has('lng')) return;
    void i18n.changeLanguage(profile.language);
  };
  follow();
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryHash === hashKey(USER_PROFILE_KEY)) follow();
  });
}

export function useAccountLanguageSync() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const handleChange = (language: string) => void saveLanguageToAccount(queryClient, language);
    i18n.on('languageChanged', handleChange);
    const stopFollowing = followAccountLanguage(queryClient);
    return () => {
      i18n.off('languageChanged', handleChange);
      stopFollowing();
    };
  }, [queryClient]);
}
