import { useTranslation } from 'react-i18next';
import { ApiKeysSection } from './api-keys-section';
import { QuickStart } from './quick-start';
import { WebhookEndpointsSection } from './webhook-endpoints-section';

/** /dashboard/developers: the merchant API's keys, its webhook endpoints, and a quick start. */
export function DevelopersPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto grid w-full max-w-4xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('developers.title')}</h2>
        <p className="text-muted-foreground">{t('developers.intro')}</p>
      </header>
      <ApiKeysSection />
      <WebhookEndpointsSection />
      <QuickStart />
    </div>
  );
}
