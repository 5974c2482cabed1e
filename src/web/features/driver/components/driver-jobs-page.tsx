import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { DRIVER_JOB_SCOPES } from '@/shared/schemas/dispatch';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { apiErrorText } from '@/web/lib/api-client';
import { QueryLoadMore } from '@/web/components/load-more';
import { useDriverJobs, type DriverJobScope } from '../api/get-driver-jobs';
import { DriverJobCard } from './driver-job-card';
import { DriverSummary } from './driver-summary';

const isScope = (value: string | null): value is DriverJobScope => (DRIVER_JOB_SCOPES as readonly (string | null)[]).includes(value);

/** /dashboard/driver, the driver's home: their day at a glance, then their jobs, active first; one clear next step on each. */
export function DriverJobsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('scope');
  const scope: DriverJobScope = isScope(requested) ? requested : 'active';
  const jobs = useDriverJobs(scope);
  const items = jobs.data?.pages.flatMap((page) => page.items);

  return (
    <div className="mx-auto grid w-full max-w-3xl min-w-0 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight">{t('driverWorkspace.title')}</h2>
        <p className="text-muted-foreground">{t('driverWorkspace.subtitle')}</p>
      </header>
      <DriverSummary />
      <Tabs
        value={scope}
        onValueChange={(value) => isScope(value) && setSearchParams(value === 'active' ? {} : { scope: value }, { replace: true })}
        className="min-w-0"
      >
        <TabsList aria-label={t('driverWorkspace.scopeLabel')} className="w-full sm:w-fit">
          {DRIVER_JOB_SCOPES.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t(`driverWorkspace.scopes.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={scope} aria-busy={jobs.isFetching} className="mt-4 grid min-w-0 gap-4">
          {jobs.isPending && (
            <p role="status" className="flex items-center gap-2 py-8 text-muted-foreground">
              <Loader2 className="size-5 motion-safe:animate-spin" aria-hidden="true" />
              {t('driverWorkspace.loading')}
            </p>
          )}
          {jobs.isError && (
            <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-destructive/40 p-4">
              <p>{apiErrorText(t, jobs.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void jobs.refetch()}>
                {t('dispatch.retry')}
              </Button>
            </div>
          )}
          {items?.length === 0 && (
            <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">{t(`driverWorkspace.empty.${scope}`)}</p>
          )}
          {items && items.length > 0 && (
            <ul className="grid min-w-0 gap-4">
              {items.map((job) => (
                <li key={job.id} className="min-w-0">
                  <DriverJobCard job={job} />
                </li>
              ))}
            </ul>
          )}
          <QueryLoadMore query={jobs} shown={items?.length ?? 0} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
