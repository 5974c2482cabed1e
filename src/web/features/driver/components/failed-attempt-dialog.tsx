import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, XCircle } from 'lucide-react';
import { FAILED_ATTEMPT_REASONS, failedAttemptBodySchema, type DriverJob, type FailedAttemptBody } from '@/shared/schemas/dispatch';
import { FAILED_ATTEMPT_NOTE_MAX } from '@/shared/rule-limits';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { Label } from '@/web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/web/components/ui/radio-group';
import { Textarea } from '@/web/components/ui/textarea';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useRecordFailedAttempt } from '../api/record-failed-attempt';

/** "Could not deliver": why (one of the reasons), and a note, required for "other". The operator or the shipper then decides. */
export function FailedAttemptDialog({ job }: { job: DriverJob }) {
  const { t } = useTranslation();
  const ids = useId();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<FailedAttemptBody>({ resolver: zodResolver(failedAttemptBodySchema), defaultValues: { note: '' } });
  const record = useRecordFailedAttempt();
  const reasonError = fieldErrorText(t, form.formState.errors.reason);
  const noteError = fieldErrorText(t, form.formState.errors.note);

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) form.reset();
  };

  const handleValid = (body: FailedAttemptBody) =>
    record.mutate(
      { jobId: job.id, body: { reason: body.reason, ...(body.note ? { note: body.note } : {}) } },
      {
        onSuccess: () => {
          toast.success(t('driverWorkspace.failedAttempt.saved'));
          handleOpenChange(false);
        },
        onError: (error) => toastApiError(t, error, t('driverWorkspace.failedAttempt.failed')),
      },
    );

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button size="block" variant="outline">
          <XCircle aria-hidden="true" />
          {t('driverWorkspace.failedAttempt.open')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('driverWorkspace.failedAttempt.title', { id: job.id })}</DialogTitle>
          <DialogDescription>{t('driverWorkspace.failedAttempt.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-5">
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('driverWorkspace.failedAttempt.reason')}</legend>
            <Controller
              control={form.control}
              name="reason"
              render={({ field }) => (
                <RadioGroup value={field.value ?? ''} onValueChange={field.onChange} aria-invalid={reasonError ? true : undefined} aria-describedby={reasonError ? `${ids}-reason-error` : undefined}>
                  {FAILED_ATTEMPT_REASONS.map((reason) => (
                    <div key={reason} className="flex min-h-10 items-center gap-3">
                      <RadioGroupItem id={`${ids}-${reason}`} value={reason} />
                      <Label htmlFor={`${ids}-${reason}`}>{t(`driverWorkspace.failedAttempt.reasons.${reason}`)}</Label>
                    </div>
                  ))}
                </RadioGroup>
              )}
            />
            {reasonError && (
              <p id={`${ids}-reason-error`} role="alert" className="text-sm text-destructive">
                {reasonError}
              </p>
            )}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-note`}>{t('driverWorkspace.failedAttempt.note')}</Label>
            <Textarea
              id={`${ids}-note`}
              maxLength={FAILED_ATTEMPT_NOTE_MAX}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? `${ids}-note-error` : undefined}
              {...form.register('note')}
            />
            {noteError && (
              <p id={`${ids}-note-error`} role="alert" className="text-sm text-destructive">
                {noteError}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {record.isPending ? t('driverWorkspace.failedAttempt.saving') : t('driverWorkspace.failedAttempt.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
