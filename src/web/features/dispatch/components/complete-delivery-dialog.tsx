import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { operatorCompleteBodySchema } from '@/shared/schemas/dispatch';
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
import { FormField } from '@/web/components/ui/form-field';
import { Textarea } from '@/web/components/ui/textarea';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useCompleteDelivery } from '../api/complete-delivery';

const NOTE_MAX = operatorCompleteBodySchema.shape.note.maxLength ?? 200;
type CompleteForm = z.infer<typeof operatorCompleteBodySchema>;

/** After five wrong handover codes only an operator completes the delivery, saying how the handover was confirmed. */
export function CompleteDeliveryDialog({ deliveryId }: { deliveryId: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<CompleteForm>({
    resolver: zodResolver(operatorCompleteBodySchema),
    defaultValues: { note: '' },
    reValidateMode: 'onSubmit',
  });
  // Blank or too long: the shared schema refuses it; the dialog says what it needs, with the limit.
  const error = form.formState.errors.note && t('dispatch.complete.noteRequired', { max: NOTE_MAX });
  const complete = useCompleteDelivery();

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) form.reset();
  };

  // The promise, not `mutate`'s callbacks: the delivery leaves the tab once completed (the live board refetches),
  // which unmounts this dialog before its answer arrives, and callbacks of an unmounted mutation never run.
  const handleValid = ({ note }: CompleteForm) =>
    complete.mutateAsync({ deliveryId, note }).then(
      () => {
        toast.success(t('dispatch.toasts.completed'), { description: t('dispatch.toasts.completedDescription', { id: deliveryId }) });
        handleOpenChange(false);
      },
      (failure: unknown) => toastApiError(t, failure, t('dispatch.toasts.completeFailed')),
    );

  return (
    <Dialog open={isOpen} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <CheckCircle2 aria-hidden="true" />
          {t('dispatch.actions.complete')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('dispatch.complete.title', { id: deliveryId })}</DialogTitle>
          <DialogDescription>{t('dispatch.complete.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4">
          <FormField label={t('dispatch.complete.noteLabel')} error={error}>
            <Textarea maxLength={NOTE_MAX} {...form.register('note')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => handleOpenChange(false)}>
              {t('dispatch.cancel')}
            </Button>
            <Button type="submit" disabled={complete.isPending}>
              {complete.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {complete.isPending ? t('dispatch.complete.submitting') : t('dispatch.complete.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
