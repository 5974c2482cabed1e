import { useId, useState, type ChangeEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Camera, CheckCircle2, Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { formatNaira } from '@/shared/money';
import { deliverBodySchema, type DriverJob } from '@/shared/schemas/dispatch';
import { HANDOVER_CODE_LENGTH } from '@/shared/rule-limits';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { fieldErrorText, SERVER_ERROR } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useDeliverJob } from '../api/deliver-job';
import { isAcceptablePhoto, shrinkPhoto } from '../lib/photo';
import { ResendPayLinkButton } from './pay-on-delivery-panel';

type DeliverFormValues = z.infer<typeof deliverBodySchema>;

/**
 * "Mark delivered": the receiver's 4-digit code (the phone's number pad, and the SMS code suggested where the
 * phone can) and an optional photo straight from the camera. Wrong codes count down to the lockout.
 */
export function DeliverDialog({ job }: { job: DriverJob }) {
  const { t } = useTranslation();
  const ids = useId();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<DeliverFormValues>({
    resolver: zodResolver(deliverBodySchema),
    defaultValues: { code: '' },
    // A refusal stays beside the code until the next try.
    reValidateMode: 'onSubmit',
  });
  // The schema's message is a key; the server's refusal is already in words (with the attempts left).
  const codeError = fieldErrorText(t, form.formState.errors.code);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [photoError, setPhotoError] = useState<string>();
  const [isPreparingPhoto, setIsPreparingPhoto] = useState(false);
  // The hand-over of a pay-on-delivery job the receiver has not paid is refused (409 COD_UNPAID, decision 053).
  const [codRefusal, setCodRefusal] = useState<string | null>(null);
  const deliver = useDeliverJob();
  const isLocked = job.handoverAttemptsLeft <= 0;
  // A parcel on its way back is handed to the sender, with the code they were sent.
  const isReturn = job.status === 'returning';
  const codeId = `${ids}-code`;
  const photoId = `${ids}-photo`;

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      form.reset();
      setPhoto(null);
      setPhotoError(undefined);
      setCodRefusal(null);
    }
  };

  const handlePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPhotoError(undefined);
    if (!file) return setPhoto(null);
    if (!file.type.startsWith('image/')) {
      event.target.value = '';
      return setPhotoError(t('driverWorkspace.deliver.photoInvalid'));
    }
    setIsPreparingPhoto(true);
    const prepared = await shrinkPhoto(file);
    setIsPreparingPhoto(false);
    if (!isAcceptablePhoto(prepared)) {
      event.target.value = '';
      setPhoto(null);
      return setPhotoError(t('driverWorkspace.deliver.photoInvalid'));
    }
    setPhoto(prepared);
  };

  const handleValid = ({ code }: DeliverFormValues) => {
    setCodRefusal(null);
    deliver.mutate(
      { jobId: job.id, code, photo },
      {
        onSuccess: () => {
          toast.success(t(isReturn ? 'driverWorkspace.toasts.returned' : 'driverWorkspace.toasts.delivered'), {
            description: t('driverWorkspace.toasts.deliveredDescription', { amount: formatNaira(job.earningsKobo) }),
          });
          handleOpenChange(false);
        },
        onError: (error) => {
          if (isApiError(error) && error.unavailable) return;
          if (isApiError(error) && error.code === 'COD_UNPAID') {
            // Not a wrong code: the code stays, to hand over once the receiver has paid.
            setCodRefusal(apiErrorText(t, error));
            return;
          }
          setCodRefusal(null);
          form.setValue('code', '');
          form.setError('code', { type: SERVER_ERROR, message: apiErrorText(t, error) });
          toastApiError(t, error, t('driverWorkspace.toasts.deliverFailed'));
        },
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button size="block" disabled={isLocked}>
          <CheckCircle2 aria-hidden="true" />
          {t(isReturn ? 'driverWorkspace.steps.handBack' : 'driverWorkspace.steps.deliver')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(isReturn ? 'driverWorkspace.deliver.returnTitle' : 'driverWorkspace.deliver.title', { id: job.id })}</DialogTitle>
          <DialogDescription>
            {isReturn ? t('driverWorkspace.deliver.returnDescription') : t('driverWorkspace.deliver.description', { name: job.receiverName })}
          </DialogDescription>
        </DialogHeader>
        {isLocked ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t('driverWorkspace.deliver.locked')}
          </p>
        ) : (
          <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor={codeId}>{t(isReturn ? 'driverWorkspace.deliver.returnCodeLabel' : 'driverWorkspace.deliver.codeLabel')}</Label>
              <Controller
                control={form.control}
                name="code"
                render={({ field }) => (
                  <Input
                    id={codeId}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, 4))}
                    onBlur={field.onBlur}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={HANDOVER_CODE_LENGTH}
                    autoFocus
                    aria-invalid={codeError ? true : undefined}
                    aria-describedby={`${codeId}-attempts${codeError ? ` ${codeId}-error` : ''}`}
                    className="h-14 text-center font-mono text-2xl tracking-[0.5em]"
                  />
                )}
              />
              {codeError && (
                <p id={`${codeId}-error`} role="alert" className="text-sm font-medium text-destructive">
                  {codeError}
                </p>
              )}
              <p id={`${codeId}-attempts`} className="text-sm text-muted-foreground" aria-live="polite" data-testid="attempts-left">
                {t('driverWorkspace.deliver.attemptsLeft', { count: job.handoverAttemptsLeft })}
              </p>
            </div>
            {codRefusal && !job.cod?.paidAt && (
              <div role="alert" className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3" data-testid="cod-unpaid">
                <p className="text-sm font-semibold text-destructive">{t('driverWorkspace.cod.refusedTitle')}</p>
                <p className="text-sm">{codRefusal}</p>
                <ResendPayLinkButton jobId={job.id} />
              </div>
            )}
            <div className="grid gap-2">
              <Label htmlFor={photoId}>
                <Camera className="size-4" aria-hidden="true" />
                {t('driverWorkspace.deliver.photoLabel')}
              </Label>
              <Input
                id={photoId}
                type="file"
                accept="image/*"
                capture="environment"
                onChange={(event) => void handlePhoto(event)}
                aria-invalid={photoError ? true : undefined}
                aria-describedby={photoError ? `${photoId}-error` : `${photoId}-hint`}
                className="h-auto py-2"
              />
              {photoError ? (
                <p id={`${photoId}-error`} role="alert" className="text-sm font-medium text-destructive">
                  {photoError}
                </p>
              ) : (
                <p id={`${photoId}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
                  {isPreparingPhoto
                    ? t('driverWorkspace.deliver.photoPreparing')
                    : photo
                      ? t('driverWorkspace.deliver.photoReady', { size: Math.max(1, Math.round(photo.size / 1024)) })
                      : t('driverWorkspace.deliver.photoHint')}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
                {t('dispatch.cancel')}
              </Button>
              <Button type="submit" size="lg" disabled={deliver.isPending || isPreparingPhoto}>
                {deliver.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
                {deliver.isPending ? t('driverWorkspace.deliver.submitting') : t(isReturn ? 'driverWorkspace.deliver.returnSubmit' : 'driverWorkspace.deliver.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
