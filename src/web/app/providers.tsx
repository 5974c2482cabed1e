import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { OfflineBanner } from '@/web/components/offline-banner';
import { Toaster } from '@/web/components/ui/sonner';
import { useAccountLanguageSync } from '@/web/lib/account-language';
import { queryClient } from '@/web/lib/query-client';
import { i18n } from '@/web/lib/i18n';
import { addRuleTexts } from '@/web/lib/rule-texts';

// Every screen inside the app shell may state a rule's value or a delivery slot; the landing page never does.
addRuleTexts(i18n);

function AccountLanguageSync() {
  useAccountLanguageSync();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountLanguageSync />
      {/* Every page that reads the API, public ones (rates, sign-in) included, says when it cannot. */}
      <OfflineBanner />
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
