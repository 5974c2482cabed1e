import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FileText, Loader2 } from 'lucide-react';
import {
  APPLICATION_FILTERS,
  DOCUMENT_RULES,
  OPEN_APPLICATION_STATUSES,
  PARTNER_TYPES,
  rejectApplicationBodySchema,
  REJECTION_REASON_MAX,
  type OperatorApplication,
  type PartnerDocument,
  type PartnerType,
  type RejectApplicationBody,
} from '@/shared/schemas/partners';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { DialogFormFooter } from '@/web/components/dialog-form-footer';
import { FormField } from '@/web/components/ui/form-field';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { apiErrorText } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { QueryLoadMore } from '@/web/components/load-more';
import { documentUrl, useDecideApplication, useOperatorApplications, type ApplicationFilter, type Decision } from '../api/operator-applications';
import { ApplicationStatusBadge } from './application-status-badge';
import { formatDateTime } from '@/web/lib/lagos-time';
import { NATIVE_SELECT_CLASS } from '@/web/components/ui/native-select';

const ALL = '';

function RejectDialog({ application, onReject, isBusy }: { application: OperatorApplication; onReject: (reason: string) => Promise<boolean>; isBusy: boolean }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<RejectApplicationBody>({
    resolver: zodResolver(rejectApplicationBodySchema),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
  });

  const handleValid = async ({ reason }: RejectApplicationBody) => {
    if (await onReject(reason)) {
      setIsOpen(false);
      form.reset();
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" disabled={isBusy}>
          {t('partners.operator.reject')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('partners.operator.rejectTitle', { name: application.applicant.name })}</DialogTitle>
            <DialogDescription>{t('partners.operator.rejectDescription')}</DialogDescription>
          </DialogHeader>
          <FormField label={t('partners.operator.reason')} error={fieldErrorText(t, form.formState.errors.reason)}>
            <Textarea rows={3} maxLength={REJECTION_REASON_MAX} {...form.register('reason')} />
          </FormField>
          <DialogFormFooter
            cancelLabel={t('partners.form.cancel')}
            onCancel={() => setIsOpen(false)}
            submitLabel={t('partners.operator.confirmReject')}
            busyLabel={t('partners.operator.busy')}
            isBusy={isBusy}
            submitVariant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Each document with its label: the kind, numbered when the form takes several of it ("Vehicle photo 2"), in the
 * form's order.
 */
function labelledDocuments(type: PartnerType, documents: readonly PartnerDocument[]) {
  const rules = DOCUMENT_RULES[type];
  const rank = (kind: string) => {
    const index = rules.findIndex((rule) => rule.kind === kind);
    return index === -1 ? rules.length : index;
  };
  const seen = new Map<string, number>();
  return [...documents]
    .sort((a, b) => rank(a.kind) - rank(b.kind))
    .map((document) => {
      const isNumbered = (rules.find((rule) => rule.kind === document.kind)?.max ?? 1) > 1;
      const n = (seen.get(document.kind) ?? 0) + 1;
      seen.set(document.kind, n);
      return { document, slot: isNumbered ? n : null };
    });
}

function ApplicationCard({ application }: { application: OperatorApplication }) {
  const { t, i18n } = useTranslation();
  const decide = useDecideApplication();
  const isOpen = OPEN_APPLICATION_STATUSES.includes(application.status);

  const act = async (decision: Decision, successKey: string) => {
    try {
      await decide.mutateAsync(decision);
      toast.success(t(`partners.operator.toasts.${successKey}`, { name: application.applicant.name }));
      return true;
    } catch (error) {
      toastApiError(t, error, t('partners.operator.toasts.failed'), { alsoWhenUnavailable: true });
      return false;
    }
  };

  const detail = (name: string, value: string) => {
    const optionKey = `partners.options.${name}.${value}`;
    return i18n.exists(optionKey) ? t(optionKey) : value;
  };

  return (
    <Card data-testid="operator-application" aria-labelledby={`application-${application.id}`}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>
            <h3 id={`application-${application.id}`} className="text-lg">
              {application.applicant.name} · {t(`partners.type.${application.type}`)}
            </h3>
          </CardTitle>
          <ApplicationStatusBadge status={application.status} />
        </div>
        <CardDescription>
          {[application.applicant.email, application.applicant.phone].filter(Boolean).join(' · ')} ·{' '}
          {t('partners.applications.submittedOn', { date: formatDateTime(application.createdAt, i18n.language) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {Object.entries(application.details).map(([name, value]) => (
            <div key={name} className="grid min-w-0">
              <dt className="text-muted-foreground">{t(`partners.form.fields.${name}`)}</dt>
              <dd className="user-text">{detail(name, value)}</dd>
            </div>
          ))}
        </dl>
        {application.rejectionReason && (
          <p className="text-sm">{t('partners.applications.hint.rejected', { reason: application.rejectionReason })}</p>
        )}
        <div className="grid gap-2">
          <h4 className="text-sm font-medium">{t('partners.form.sections.documents')}</h4>
          <ul className="flex flex-wrap gap-2" data-testid="application-documents">
            {labelledDocuments(application.type, application.documents).map(({ document, slot }) => {
              const label = slot === null ? t(`partners.documents.kinds.${document.kind}`) : t('partners.documents.slot', { kind: t(`partners.documents.slotKinds.${document.kind}`), n: slot });
              const url = documentUrl(application.id, document.id);
              return (
                <li key={document.id}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={document.originalName}
                    className="inline-flex max-w-full items-center gap-2 rounded-md border p-1 pe-2 text-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {document.contentType.startsWith('image/') ? (
                      // The same authenticated URL (decision 045): an attachment with a sandbox CSP, which an <img> still shows.
                      <img src={url} alt="" loading="lazy" width={48} height={48} className="size-12 shrink-0 rounded object-cover" />
                    ) : (
                      <FileText className="size-4 shrink-0" aria-hidden="true" />
                    )}
                    <span className="break-words">{label}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      </CardContent>
      {isOpen && (
        <CardFooter className="flex flex-wrap gap-2">
          {application.status === 'submitted' && (
            <Button variant="secondary" disabled={decide.isPending} onClick={() => void act({ action: 'start-review', id: application.id }, 'reviewStarted')}>
              {t('partners.operator.startReview')}
            </Button>
          )}
          <ConfirmDialog
            trigger={<Button disabled={decide.isPending}>{t('partners.operator.approve')}</Button>}
            title={t('partners.operator.approveTitle', { name: application.applicant.name })}
            description={t(`partners.operator.approveDescription.${application.type}`, { name: application.applicant.name })}
            confirmLabel={t('partners.operator.approve')}
            onConfirm={() => act({ action: 'approve', id: application.id }, 'approved')}
          />
          <RejectDialog
            application={application}
            isBusy={decide.isPending}
            onReject={(reason) => act({ action: 'reject', id: application.id, reason }, 'rejected')}
          />
        </CardFooter>
      )}
    </Card>
  );
}

/** Operators: the partner applications, filtered by status and type, with their documents and the decision. */
export function OperatorApplicationsPage() {
  const { t } = useTranslation();
  // Submitted and under review by default, so "Start review" does not take an application out of the list.
  const [filter, setFilter] = useState<ApplicationFilter>({ status: 'open' });
  const applications = useOperatorApplications(filter);
  const items = applications.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-2xl font-semibold">{t('partners.operator.title')}</h2>
        <p className="text-muted-foreground">{t('partners.operator.subtitle')}</p>
      </div>
      <div className="flex flex-wrap gap-4">
        <div className="grid gap-1">
          <Label htmlFor="applications-status">{t('partners.operator.filters.status')}</Label>
          <select
            id="applications-status"
            className={NATIVE_SELECT_CLASS}
            value={filter.status ?? ALL}
            onChange={(event) => setFilter((current) => ({ ...current, status: (event.target.value || undefined) as ApplicationFilter['status'] }))}
          >
            <option value={ALL}>{t('partners.operator.filters.all')}</option>
            {APPLICATION_FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === 'open' ? t('partners.operator.filters.open') : t(`partners.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="applications-type">{t('partners.operator.filters.type')}</Label>
          <select
            id="applications-type"
            className={NATIVE_SELECT_CLASS}
            value={filter.type ?? ALL}
            onChange={(event) => setFilter((current) => ({ ...current, type: (event.target.value || undefined) as ApplicationFilter['type'] }))}
          >
            <option value={ALL}>{t('partners.operator.filters.all')}</option>
            {PARTNER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`partners.type.${type}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {applications.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
          {t('partners.operator.loading')}
        </p>
      ) : applications.isError ? (
        <div className="flex items-center gap-3 text-sm">
          {apiErrorText(t, applications.error)}
          <Button variant="outline" size="sm" onClick={() => void applications.refetch()}>
            {t('partners.applications.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('partners.operator.empty')}</p>
      ) : (
        <div className="grid gap-4">
          {items.map((application) => (
            <ApplicationCard key={application.id} application={application} />
          ))}
          <QueryLoadMore query={applications} shown={items.length} />
        </div>
      )}
    </div>
  );
}
