import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PartyPopper } from 'lucide-react';
import { buttonVariants } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';

/** After an application is received: the spec's welcome, the 24-48 hour response window, Continue to the dashboard. */
export function PartnerSuccessPage() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <PartyPopper className="size-12 text-primary" aria-hidden="true" />
        <h2 className="text-2xl font-semibold">{t('partners.success.title')}</h2>
        <p className="text-muted-foreground">{t('partners.success.description')}</p>
        <Link to="/dashboard" className={buttonVariants({ className: 'w-full sm:w-auto' })}>
          {t('partners.success.continue')}
        </Link>
      </CardContent>
    </Card>
  );
}
