import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Copy, KeyRound, Loader2, Trash2 } from 'lucide-react';
import {
  API_KEY_MODES,
  apiKeyCreateBodySchema,
  type ApiKey,
  type ApiKeyCreateBody,
  type CreatedApiKey,
} from '@/shared/schemas/api-keys';
import { API_KEY_NAME_MAX } from '@/shared/rule-limits';
import { DialogFormFooter } from '@/web/components/dialog-form-footer';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/web/components/ui/radio-group';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useCreateApiKey } from './api/create-api-key';
import { useApiKeys } from './api/get-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { formatInstant } from '@/web/lib/lagos-time';

/** The new key, shown once with a copy button: the server keeps only its hash. */
function NewKeyDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.key);
    setIsCopied(true);
  };
  const handleClose = () => {
    setIsCopied(false);
    onClose();
  };
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && handleClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('developers.keys.createdTitle')}</DialogTitle>
          <DialogDescription>{t('developers.keys.shownOnce')}</DialogDescription>
        </DialogHeader>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
          <Input
            readOnly
            value={created?.key ?? ''}
            aria-label={t('developers.keys.createdTitle')}
            className="min-w-0 font-mono text-xs"
            data-testid="api-key-secret"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={() => void handleCopy()}>
            {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {isCopied ? t('developers.keys.copied') : t('developers.keys.copy')}
          </Button>
        </div>
        <DialogFooter>
          <Button type="button" onClick={handleClose}>
            {t('developers.keys.done')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const modeLegendId = useId();
  const form = useForm<ApiKeyCreateBody, unknown, ApiKeyCreateBody>({
    resolver: zodResolver(apiKeyCreateBodySchema),
    defaultValues: { name: '', mode: 'test' },
  });
  const { errors } = form.formState;

  const handleValid = async (body: ApiKeyCreateBody) => {
    try {
      const created = await create.mutateAsync(body);
      form.reset({ name: '', mode: body.mode });
      onCreated(created);
    } catch (failure) {
      toastApiError(t, failure, t('developers.keys.create'), { alsoWhenUnavailable: true });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(handleValid)} noValidate className="grid min-w-0 gap-4" aria-label={t('developers.keys.create')}>
      <FormField label={t('developers.keys.name')} error={fieldErrorText(t, errors.name)}>
        <Input autoComplete="off" placeholder={t('developers.keys.namePlaceholder')} maxLength={API_KEY_NAME_MAX} {...form.register('name')} />
      </FormField>
      <Controller
        control={form.control}
        name="mode"
        render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend id={modeLegendId} className="mb-1 text-sm font-medium">
              {t('developers.keys.mode')}
            </legend>
            <RadioGroup value={field.value} onValueChange={field.onChange} aria-labelledby={modeLegendId} className="flex flex-wrap gap-4">
              {API_KEY_MODES.map((mode) => (
                <div key={mode} className="flex items-center gap-2">
                  <RadioGroupItem id={`${modeLegendId}-${mode}`} value={mode} />
                  <Label htmlFor={`${modeLegendId}-${mode}`}>{t(`developers.keys.modes.${mode}`)}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
        )}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <Loader2 className="motion-safe:animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
          {create.isPending ? t('developers.keys.creating') : t('developers.keys.create')}
        </Button>
      </div>
    </form>
  );
}

function KeyItem({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeApiKey();
  const [isConfirming, setIsConfirming] = useState(false);
  const handleRevoke = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
      setIsConfirming(false);
      toast.success(t('developers.keys.revoked'));
    } catch (failure) {
      toastApiError(t, failure, t('developers.keys.revoke'), { alsoWhenUnavailable: true });
    }
  };
  const createdOn = formatInstant(apiKey.createdAt, i18n.language, { dateStyle: 'medium' });
  return (
    <li className="flex min-w-0 flex-wrap items-center justify-between gap-3 py-3" data-testid="api-key">
      <div className="grid min-w-0 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-medium break-all">{apiKey.name}</span>
          <Badge variant={apiKey.mode === 'live' ? 'default' : 'secondary'}>{t(`developers.keys.modes.${apiKey.mode}`)}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          <span className="font-mono">{`lf_${apiKey.mode}_…${apiKey.last4}`}</span> · {t('developers.keys.createdOn', { date: createdOn })}
        </p>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={() => setIsConfirming(true)} aria-label={t('developers.keys.revokeNamed', { name: apiKey.name })}>
        <Trash2 aria-hidden="true" />
        {t('developers.keys.revoke')}
      </Button>
      <Dialog open={isConfirming} onOpenChange={(open) => !open && setIsConfirming(false)}>
        <DialogContent>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void handleRevoke();
            }}
          >
            <DialogHeader>
              <DialogTitle>{t('developers.keys.revokeTitle')}</DialogTitle>
              <DialogDescription>{t('developers.keys.revokeQuestion', { name: apiKey.name })}</DialogDescription>
            </DialogHeader>
            <DialogFormFooter
              cancelLabel={t('developers.keys.cancel')}
              onCancel={() => setIsConfirming(false)}
              submitLabel={t('developers.keys.revoke')}
              busyLabel={t('developers.keys.revoking')}
              isBusy={revoke.isPending}
              submitVariant="destructive"
            />
          </form>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/** The account's API keys: create one (test or live, shown once), see them by name and last four, revoke one. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const items = keys.data?.items ?? [];
  return (
    <Card className="min-w-0" data-testid="api-keys-section">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg font-semibold">{t('developers.keys.title')}</h2>
        </CardTitle>
        <CardDescription>{t('developers.keys.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6 px-4 sm:px-6">
        <CreateKeyForm onCreated={setCreated} />
        {keys.isPending ? (
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            {t('developers.keys.loading')}
          </p>
        ) : keys.isError ? (
          <p role="alert">{t('developers.keys.loadFailed')}</p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground">{t('developers.keys.empty')}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={t('developers.keys.title')}>
            {items.map((apiKey) => (
              <KeyItem key={apiKey.id} apiKey={apiKey} />
            ))}
          </ul>
        )}
      </CardContent>
      <NewKeyDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
