import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { WifiOff } from 'lucide-react';
import { getConnectivity, subscribeConnectivity } from '@/web/lib/connectivity';

/**
 * "You are offline" while the browser is, or while the server gets no request through (decision 060). The live
 * region is always there, so a screen reader hears the words when they appear; it takes no room while online.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const connectivity = useSyncExternalStore(subscribeConnectivity, getConnectivity, () => 'online' as const);
  return (
    <div role="status" aria-live="polite" data-testid="offline-banner">
      {connectivity !== 'online' && (
        <p className="flex items-center justify-center gap-2 bg-zinc-900 px-4 py-2 text-center text-sm font-medium text-zinc-50 dark:bg-zinc-100 dark:text-zinc-900">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{t(`offline.banner.${connectivity}`)}</span>
        </p>
      )}
    </div>
  );
}
