import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Download, Loader2, Upload } from 'lucide-react';
import { formatNaira } from '@/shared/money';
import type { Import, ImportStatus } from '@/shared/schemas/imports';
import { Badge, type BadgeProps } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent } from '@/web/components/ui/card';
import { Label } from '@/web/components/ui/label';
import { QueryLoadMore } from '@/web/components/load-more';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { topUpLink } from '@/web/lib/top-up-link';
import { useConfirmImport } from '../api/confirm-import';
import { useImport } from '../api/get-import';
import { useImports } from '../api/get-imports';
import { useUploadImport } from '../api/upload-import';
import { ImportErrors } from './import-errors';
import { formatDateTime } from '@/web/lib/lagos-time';

const STATUS_BADGE: Record<ImportStatus, BadgeProps['variant']> = {
  validating: 'info',
  ready: 'secondary',
  invalid: 'warning',
  confirmed: 'success',
};

function StatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  return <Badge variant={STATUS_BADGE[status]}>{t(`imports.status.${status}`)}</Badge>;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/** The file picker and its upload, with progress; a new file replaces the import on screen (fix and upload again). */
function UploadForm({ onUploaded }: { onUploaded: (id: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const upload = useUploadImport();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const file = fileInput.current?.files?.[0];
    setMissingFile(!file);
    if (!file) return;
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (created) => {
          if (fileInput.current) fileInput.current.value = '';
          onUploaded(created.id);
        },
        onSettled: () => setProgress(null),
      },
    );
  }

  const problem = missingFile ? t('imports.chooseFile') : upload.isError ? apiErrorText(t, upload.error) : null;
  return (
    <form className="grid gap-3" onSubmit={handleSubmit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('imports.file')}</Label>
        <input
          id={inputId}
          ref={fileInput}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          onChange={() => setMissingFile(false)}
          className="block w-full min-w-0 text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        />
      </div>
      {problem && (
        <p id={`${inputId}-error`} role="alert" className="text-sm break-words text-destructive">
          {problem}
        </p>
      )}
      {progress !== null && (
        <div className="grid gap-1">
          <progress className="h-2 w-full accent-primary" max={1} value={progress} aria-label={t('imports.progress')} />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('imports.uploading', { percent: Math.round(progress * 100) })}
          </p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" /> : <Upload className="size-4" aria-hidden="true" />}
          {t('imports.upload')}
        </Button>
      </div>
    </form>
  );
}

/** One import: checking, its figures, its errors per cell, or its confirmation. */
function ImportResult({ found }: { found: Import }) {
  const { t } = useTranslation();
  const confirm = useConfirmImport();
  const shortfall = isApiError(confirm.error) && confirm.error.code === 'IMPORT_INSUFFICIENT_BALANCE' ? Number(confirm.error.params.shortfallKobo) : null;

  if (found.status === 'validating') {
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
        {t('imports.validating', { rows: found.rows })}
      </p>
    );
  }
  return (
    <div className="grid min-w-0 gap-4">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label={t('imports.summary.rows')} value={found.rows} />
        <Figure label={t('imports.summary.valid')} value={found.valid} />
        <Figure label={t('imports.summary.rowsToFix')} value={found.rows - found.valid} />
        <Figure label={t('imports.summary.total')} value={formatNaira(found.totalKobo)} />
      </dl>

      {found.status === 'invalid' && (
        <div className="grid min-w-0 gap-3">
          <p role="status" className="break-words">
            {t('imports.invalid')}
          </p>
          <h3 className="text-lg font-semibold">{t('imports.errorsTitle')}</h3>
          <ImportErrors errors={found.errors} />
          {found.errorCount > found.errors.length && (
            <p className="text-sm text-muted-foreground">{t('imports.errorsMore', { shown: found.errors.length, count: found.errorCount })}</p>
          )}
        </div>
      )}

      {found.status === 'ready' && (
        <div className="grid justify-items-start gap-2">
          <p className="break-words text-muted-foreground">{t('imports.confirmHint')}</p>
          <Button onClick={() => confirm.mutate(found.id)} disabled={confirm.isPending} data-testid="confirm-import">
            {confirm.isPending && <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />}
            {confirm.isPending ? t('imports.confirming') : t('imports.confirm', { total: formatNaira(found.totalKobo) })}
          </Button>
          {confirm.isError && (
            <div role="alert" className="grid gap-1 text-sm break-words text-destructive">
              <p>{apiErrorText(t, confirm.error)}</p>
              {shortfall !== null && (
                <Link className="font-medium underline underline-offset-4" to={topUpLink(shortfall)}>
                  {t('wallet.topUpLink')}
                </Link>
              )}
            </div>
          )}
        </div>
      )}

      {found.status === 'confirmed' && (
        <div role="status" className="grid justify-items-start gap-2">
          <p className="break-words">{t('imports.confirmed', { booked: found.booked })}</p>
          <Link className="font-medium underline underline-offset-4" to="/dashboard/my-deliveries">
            {t('imports.viewDeliveries')}
          </Link>
        </div>
      )}
    </div>
  );
}

function RecentImports({ onOpen, currentId }: { onOpen: (id: string) => void; currentId: string | null }) {
  const { t, i18n } = useTranslation();
  const list = useImports();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  if (list.isSuccess && items.length === 0) return <p className="text-muted-foreground">{t('imports.noImports')}</p>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onOpen(item.id)}
              aria-current={item.id === currentId ? 'true' : undefined}
              className="flex w-full min-w-0 flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring aria-[current=true]:border-primary"
            >
              <span className="grid min-w-0 gap-0.5">
                <span className="font-medium user-text">{item.fileName}</span>
                <span className="text-sm text-muted-foreground">
                  {formatDateTime(item.createdAt, i18n.language)} · {formatNaira(item.totalKobo)}
                </span>
              </span>
              <StatusBadge status={item.status} />
            </button>
          </li>
        ))}
      </ul>
      {list.isError && <p role="alert">{apiErrorText(t, list.error)}</p>}
      <QueryLoadMore query={list} shown={items.length} />
    </div>
  );
}

/** /dashboard/imports: the template, the upload, the check's result per cell, the confirmation, recent imports. */
export function ImportsPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const currentId = searchParams.get('id');
  const current = useImport(currentId);
  const open = (id: string) => setSearchParams({ id });

  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 grid-cols-1 gap-6">
      <header className="grid gap-1">
        <h2 className="text-2xl font-bold tracking-tight break-words">{t('imports.title')}</h2>
        <p className="text-muted-foreground">{t('imports.subtitle')}</p>
      </header>

      <Card className="min-w-0">
        <CardContent className="grid gap-4 px-4 sm:px-6">
          <p className="max-w-prose text-sm break-words text-muted-foreground">{t('imports.templateHint')}</p>
          <a
            href="/api/imports/template.csv"
            download
            className="inline-flex w-fit items-center gap-2 font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Download className="size-4" aria-hidden="true" />
            {t('imports.template')}
          </a>
          <UploadForm onUploaded={open} />
        </CardContent>
      </Card>

      {currentId && (
        <Card className="min-w-0" data-testid="current-import">
          <CardContent className="grid gap-4 px-4 sm:px-6">
            {current.data && (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="min-w-0 text-lg font-semibold user-text">{current.data.fileName}</h3>
                <StatusBadge status={current.data.status} />
              </div>
            )}
            {current.isError && <p role="alert">{apiErrorText(t, current.error, t('imports.loadError'))}</p>}
            {current.isPending && <Loader2 className="size-5 motion-safe:animate-spin" aria-label={t('imports.loading')} />}
            {current.data && <ImportResult key={current.data.id} found={current.data} />}
          </CardContent>
        </Card>
      )}

      <section className="grid gap-3" aria-labelledby="recent-imports">
        <h3 id="recent-imports" className="text-lg font-semibold">
          {t('imports.recent')}
        </h3>
        <RecentImports onOpen={open} currentId={currentId} />
      </section>
    </div>
  );
}
