import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Copy, Loader2, Power, PowerOff, RotateCw, Send, Trash2 } from 'lucide-react';
import {
  createWebhookEndpointSchema,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MODES,
  type CreateWebhookEndpointBody,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@/shared/schemas/webhooks';
import { QueryLoadMore } from '@/web/components/load-more';
import { DialogFormFooter } from '@/web/components/dialog-form-footer';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/web/components/ui/radio-group';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useNow } from '@/web/lib/use-now';
import { useCreateWebhookEndpoint } from './api/create-webhook-endpoint';
import { useDeleteWebhookEndpoint } from './api/delete-webhook-endpoint';
import { useWebhookAttempts } from './api/get-webhook-attempts';
import { useWebhookEndpoints } from './api/get-webhook-endpoints';
import { useResendWebhookEvent } from './api/resend-webhook-event';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useSendWebhookTestEvent } from './api/send-webhook-test-event';
import { useUpdateWebhookEndpoint } from './api/update-webhook-endpoint';
import { formatInstant } from '@/web/lib/lagos-time';

type FormInput = CreateWebhookEndpointBody;

const formatWhen = (iso: string, language: string) => formatInstant(iso, language, { dateStyle: 'medium', timeStyle: 'medium' });

/** The secret, shown once after it was made (a new endpoint, a rotation), with a copy button. */
function SecretDialog({ endpoint, onClose }: { endpoint: WebhookEndpointWithSecret | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = async () => {
    if (!endpoint) return;
    await navigator.clipboard.writeText(endpoint.secret);
    setIsCopied(true);
  };
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(open) => {
        if (!open) {
          setIsCopied(false);
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('webhooks.section.secretTitle')}</DialogTitle>
          <DialogDescription>{t('webhooks.section.secretOnce')}</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 gap-2">
          <Input
            readOnly
            value={endpoint?.secret ?? ''}
            aria-label={t('webhooks.section.secretTitle')}
            className="min-w-0 font-mono text-xs"
            data-testid="webhook-secret"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void handleCopy()}>
            {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {isCopied ? t('webhooks.section.copied') : t('webhooks.section.copy')}
          </Button>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {t('webhooks.section.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before something that cannot be undone (a deletion) or changes what receivers must check (a rotation). */
function ConfirmDialog({ question, isOpen, isBusy, onConfirm, onClose }: { question: string; isOpen: boolean; isBusy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onConfirm();
          }}
        >
          <DialogHeader>
            <DialogTitle>{t('webhooks.section.confirm')}</DialogTitle>
            <DialogDescription>{question}</DialogDescription>
          </DialogHeader>
          <DialogFormFooter
            cancelLabel={t('webhooks.section.cancel')}
            onCancel={onClose}
            submitLabel={t('webhooks.section.confirm')}
            busyLabel={t('webhooks.section.confirm')}
            isBusy={isBusy}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function AddEndpointForm({ onCreated }: { onCreated: (endpoint: WebhookEndpointWithSecret) => void }) {
  const { t } = useTranslation();
  const create = useCreateWebhookEndpoint();
  const eventsLegendId = useId();
  const modeLegendId = useId();
  const form = useForm<FormInput, unknown, FormInput>({
    resolver: zodResolver(createWebhookEndpointSchema),
    defaultValues: { url: '', events: [...WEBHOOK_EVENT_TYPES], mode: 'test' },
  });
  const { errors } = form.formState;

  const handleValid = async (body: FormInput) => {
    try {
      const created = await create.mutateAsync(body);
      form.reset({ url: '', events: [...WEBHOOK_EVENT_TYPES], mode: body.mode });
      onCreated(created);
    } catch (failure) {
      toastApiError(t, failure, t('webhooks.section.add'), { alsoWhenUnavailable: true });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(handleValid)} noValidate className="grid min-w-0 gap-4" aria-label={t('webhooks.section.add')}>
      <FormField label={t('webhooks.section.url')} error={fieldErrorText(t, errors.url)} description={t('webhooks.section.urlHint')}>
        <Input type="url" inputMode="url" autoComplete="off" placeholder="https://" {...form.register('url')} />
      </FormField>
      <Controller
        control={form.control}
        name="events"
        render={({ field }) => {
          const chosen = new Set(field.value);
          const toggle = (type: string, isChecked: boolean) =>
            field.onChange(WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? isChecked : chosen.has(each))));
          return (
            <fieldset className="grid min-w-0 gap-2" aria-describedby={errors.events ? `${eventsLegendId}-error` : undefined}>
              <legend id={eventsLegendId} className="mb-1 text-sm font-medium">
                {t('webhooks.section.events')}
              </legend>
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${eventsLegendId}-all`}
                  checked={chosen.size === WEBHOOK_EVENT_TYPES.length}
                  onCheckedChange={(isChecked) => field.onChange(isChecked === true ? [...WEBHOOK_EVENT_TYPES] : [])}
                />
                <Label htmlFor={`${eventsLegendId}-all`}>{t('webhooks.section.selectAll')}</Label>
              </div>
              <ul className="grid gap-2 sm:grid-cols-2">
                {WEBHOOK_EVENT_TYPES.map((type) => (
                  <li key={type} className="flex min-w-0 items-center gap-2">
                    <Checkbox id={`${eventsLegendId}-${type}`} checked={chosen.has(type)} onCheckedChange={(isChecked) => toggle(type, isChecked === true)} />
                    <Label htmlFor={`${eventsLegendId}-${type}`} className="font-mono text-xs break-all" translate="no">
                      {type}
                    </Label>
                  </li>
                ))}
              </ul>
              {errors.events && (
                <p id={`${eventsLegendId}-error`} role="alert" className="text-sm text-destructive">
                  {errors.events.message && t(errors.events.message)}
                </p>
              )}
            </fieldset>
          );
        }}
      />
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend id={modeLegendId} className="mb-1 text-sm font-medium">
              {t('webhooks.section.mode')}
            </legend>
            <RadioGroup value={field.value} onValueChange={field.onChange} aria-labelledby={modeLegendId} className="flex flex-wrap gap-4">
              {WEBHOOK_MODES.map((mode) => (
                <div key={mode} className="flex items-center gap-2">
                  <RadioGroupItem id={`${modeLegendId}-${mode}`} value={mode} />
                  <Label htmlFor={`${modeLegendId}-${mode}`}>{t(`webhooks.section.modes.${mode}`)}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
        )}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
          {create.isPending ? t('webhooks.section.adding') : t('webhooks.section.add')}
        </Button>
      </div>
    </form>
  );
}

function AttemptRow({ endpointId, attempt }: { endpointId: string; attempt: WebhookAttempt }) {
  const { t, i18n } = useTranslation();
  const resend = useResendWebhookEvent();
  const isSuccess = attempt.error === null;
  const handleResend = async () => {
    try {
      await resend.mutateAsync({ endpointId, eventId: attempt.eventId });
      toast.success(t('webhooks.section.resent'));
    } catch (failure) {
      toastApiError(t, failure, t('webhooks.section.resend'), { alsoWhenUnavailable: true });
    }
  };
  return (
    <li className="grid min-w-0 gap-1 py-3 text-sm" data-testid="webhook-attempt">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-xs break-all">{attempt.eventType}</code>
        <Badge variant={isSuccess ? 'secondary' : 'destructive'}>{attempt.statusCode ?? t('webhooks.section.noAnswer')}</Badge>
        <span className="text-muted-foreground">{t('webhooks.section.durationMs', { ms: attempt.durationMs })}</span>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <dt>{t('webhooks.section.columns.when')}</dt>
        <dd>{formatWhen(attempt.attemptedAt, i18n.language)}</dd>
        {attempt.error && (
          <>
            <dt>{t('webhooks.section.columns.error')}</dt>
            <dd className="user-text">{attempt.error}</dd>
          </>
        )}
        {attempt.nextRetryAt && (
          <>
            <dt>{t('webhooks.section.columns.nextRetry')}</dt>
            <dd>{formatWhen(attempt.nextRetryAt, i18n.language)}</dd>
          </>
        )}
        <dt>{t('webhooks.section.columns.event')}</dt>
        <dd className="font-mono break-all">{attempt.eventId}</dd>
      </dl>
      {!isSuccess && (
        <div>
          <Button type="button" size="sm" variant="outline" disabled={resend.isPending} onClick={() => void handleResend()}>
            <RotateCw aria-hidden="true" />
            {t('webhooks.section.resend')}
          </Button>
        </div>
      )}
    </li>
  );
}

function AttemptLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const query = useWebhookAttempts(endpointId);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-3 text-sm text-muted-foreground">
        <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
        {t('webhooks.section.loading')}
      </p>
    );
  }
  return (
    <div className="min-w-0">
      {items.length === 0 ? (
        <p className="py-3 text-sm text-muted-foreground">{t('webhooks.section.logEmpty')}</p>
      ) : (
        <ul className="divide-y divide-border" aria-label={t('webhooks.section.showLog')}>
          {items.map((attempt) => (
            <AttemptRow key={attempt.id} endpointId={endpointId} attempt={attempt} />
          ))}
        </ul>
      )}
      <QueryLoadMore query={query} shown={items.length} className="mt-2" />
    </div>
  );
}

function EndpointItem({ endpoint, onSecret }: { endpoint: WebhookEndpoint; onSecret: (endpoint: WebhookEndpointWithSecret) => void }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  const sendTest = useSendWebhookTestEvent();
  const [isLogOpen, setIsLogOpen] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);

  const handleToggle = async (isEnabled: boolean) => {
    try {
      await update.mutateAsync({ id: endpoint.id, enabled: isEnabled });
    } catch (failure) {
      toastApiError(t, failure, isEnabled ? t('webhooks.section.switchOn') : t('webhooks.section.switchOff'), { alsoWhenUnavailable: true });
    }
  };
  const handleTest = async () => {
    try {
      await sendTest.mutateAsync(endpoint.id);
      toast.success(t('webhooks.section.testQueued'));
    } catch (failure) {
      toastApiError(t, failure, t('webhooks.section.sendTest'), { alsoWhenUnavailable: true });
    }
  };
  const handleConfirm = async () => {
    try {
      if (confirming === 'rotate') onSecret(await rotate.mutateAsync(endpoint.id));
      else {
        await remove.mutateAsync(endpoint.id);
        toast.success(t('webhooks.section.deleted'));
      }
      setConfirming(null);
    } catch (failure) {
      toastApiError(t, failure, confirming === 'rotate' ? t('webhooks.section.rotate') : t('webhooks.section.delete'), { alsoWhenUnavailable: true });
    }
  };

  return (
    <li className="grid min-w-0 gap-3 py-4" data-testid="webhook-endpoint">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 basis-full font-mono text-sm break-all sm:basis-auto">{endpoint.url}</p>
        <Badge variant="outline">{t(`webhooks.section.modes.${endpoint.mode}`)}</Badge>
        <Badge variant={endpoint.enabled ? 'secondary' : 'destructive'}>
          {endpoint.enabled ? t('webhooks.section.on') : endpoint.disabledReason === 'failing' ? t('webhooks.section.offFailing') : t('webhooks.section.off')}
        </Badge>
      </div>
      <ul className="flex flex-wrap gap-1" aria-label={t('webhooks.section.events')}>
        {endpoint.events.map((type) => (
          <li key={type}>
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{type}</code>
          </li>
        ))}
      </ul>
      {endpoint.previousSecretExpiresAt && Date.parse(endpoint.previousSecretExpiresAt) > now && (
        <p className="text-xs text-muted-foreground">{t('webhooks.section.oldSecretUntil', { time: formatWhen(endpoint.previousSecretExpiresAt, i18n.language) })}</p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" size="sm" variant="outline" disabled={update.isPending} onClick={() => void handleToggle(!endpoint.enabled)}>
          {endpoint.enabled ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
          {endpoint.enabled ? t('webhooks.section.switchOff') : t('webhooks.section.switchOn')}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!endpoint.enabled || sendTest.isPending} onClick={() => void handleTest()}>
          <Send aria-hidden="true" />
          {t('webhooks.section.sendTest')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={() => setConfirming('rotate')}>
          <RotateCw aria-hidden="true" />
          {t('webhooks.section.rotate')}
        </Button>
        <Button type="button" size="sm" variant="outline" aria-expanded={isLogOpen} onClick={() => setIsLogOpen((open) => !open)}>
          {isLogOpen ? t('webhooks.section.hideLog') : t('webhooks.section.showLog')}
        </Button>
        <Button type="button" size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirming('delete')}>
          <Trash2 aria-hidden="true" />
          {t('webhooks.section.delete')}
        </Button>
      </div>
      {isLogOpen && <AttemptLog endpointId={endpoint.id} />}
      <ConfirmDialog
        isOpen={confirming !== null}
        question={confirming === 'rotate' ? t('webhooks.section.rotateConfirm') : t('webhooks.section.deleteConfirm')}
        isBusy={rotate.isPending || remove.isPending}
        onConfirm={() => void handleConfirm()}
        onClose={() => setConfirming(null)}
      />
    </li>
  );
}

/**
 * The developers page's webhooks (issue 23, decision 054): add an endpoint (its secret shown once), switch it on and
 * off, rotate its secret, send a test event, read the attempt log and re-send a failed event, delete it.
 */
export function WebhookEndpointsSection() {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  const [shownSecret, setShownSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const items = endpoints.data?.items ?? [];
  return (
    <Card className="min-w-0" data-testid="webhook-endpoints-section">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('webhooks.section.title')}</h2>
        </CardTitle>
        <CardDescription>{t('webhooks.section.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6 px-4 sm:px-6">
        <AddEndpointForm onCreated={setShownSecret} />
        {endpoints.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            {t('webhooks.section.loading')}
          </p>
        ) : endpoints.isError ? (
          <p role="alert">{t('webhooks.section.loadFailed')}</p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground">{t('webhooks.section.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('webhooks.section.title')}>
            {items.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} onSecret={setShownSecret} />
            ))}
          </ul>
        )}
      </CardContent>
      <SecretDialog endpoint={shownSecret} onClose={() => setShownSecret(null)} />
    </Card>
  );
}
