import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Loader2 } from 'lucide-react';
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
import { apiErrorText, isApiError } from '@/web/lib/api-client';
import { useCompleteDelivery } from '../api/complete-delivery';

const NOTE_MAX = operatorCompleteBodySchema.shape.note.maxLength ?? 200;

/** After five wrong handover codes only an operator completes the delivery, saying how the handover was confirmed. */
export function CompleteDeliveryDialog({ deliveryId }: { deliveryId: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const complete = useCompleteDelivery();

  const handleOpenChange = (open: boolean) => {
    setIsOpen(open);
    if (!open) {
      setNote('');
      setError(undefined);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = operatorCompleteBodySchema.safeParse({ note });
    if (!parsed.success) {
      setError(t('dispatch.complete.noteRequired', { max: NOTE_MAX }));
      return;
    }
    complete.mutate(
      { deliveryId, note: parsed.data.note },
      {
        onSuccess: () => {
          toast.success(t('dispatch.toasts.completed'), { description: t('dispatch.toasts.completedDescription', { id: deliveryId }) });
          handleOpenChange(false);
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.unavailable) return;
          toast.error(t('dispatch.toasts.completeFailed'), { description: apiErrorText(t, failure) });
        },
      },
    );
  };

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
        <form noValidate onSubmit={handleSubmit} className="grid gap-4">
          <FormField label={t('dispatch.complete.noteLabel')} error={error}>
            <Textarea value={note} maxLength={NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
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
