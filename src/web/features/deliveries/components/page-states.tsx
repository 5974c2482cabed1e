import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { apiErrorText } from '@/web/lib/api-client';
import { apiErrorCode } from '../lib/errors';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
      <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
      <span>{label ?? t('deliveries.loading')}</span>
    </div>
  );
}

export function Notice({
  title,
  children,
  tone = 'info',
  role,
}: {
  title: ReactNode;
  children?: ReactNode;
  tone?: 'info' | 'warning' | 'error';
  role?: 'alert' | 'status';
}) {
  const tones = {
    info: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100',
    warning: 'border-yellow-300 bg-yellow-50 text-yellow-900 dark:border-yellow-800 dark:bg-yellow-950 dark:text-yellow-100',
    error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
  };
  return (
    <div role={role} className={`flex gap-3 rounded-lg border p-4 text-sm ${tones[tone]}`}>
      <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children && <div>{children}</div>}
      </div>
    </div>
  );
}

/** A failed load: "not found" gets a way back to the list; anything else can be retried. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (apiErrorCode(error) === 'DELIVERY_NOT_FOUND' || apiErrorCode(error) === 'NOT_FOUND') {
    return (
      <Notice title={t('deliveries.notFound.title')} tone="error" role="alert">
        <p>{t('deliveries.notFound.description')}</p>
        <Link to="/dashboard/my-deliveries" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-3' })}>
          {t('deliveries.notFound.backToList')}
        </Link>
      </Notice>
    );
  }
  return (
    <Notice title={t('deliveries.loadFailed')} tone="error" role="alert">
      <p>{apiErrorText(t, error)}</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        {t('deliveries.retry')}
      </Button>
    </Notice>
  );
}
