import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { deleteAccountBodySchema, type DeleteAccountBody } from '@/shared/schemas/auth';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/web/components/ui/dialog';
import { DialogFormFooter } from '@/web/components/dialog-form-footer';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { isApiError } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useDeleteAccount } from '../api/delete-account';

const EMPTY: DeleteAccountBody = { currentPassword: '' };

export interface DeleteAccountSectionProps {
  /** After the deletion: the session is over, so the app leaves for the sign-in page. */
  onDeleted: () => Promise<void>;
}

/**
 * Settings' Delete account (decision 059): what goes and what stays, then a dialog (focus kept inside, Escape
 * closes it) that asks for the password. The server refuses while money, a withdrawal or a delivery is still open.
 */
export function DeleteAccountSection({ onDeleted }: DeleteAccountSectionProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const deletion = useDeleteAccount();
  const form = useForm<DeleteAccountBody>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const handleOpenChange = (open: boolean) => {
    if (deletion.isPending) return;
    setIsOpen(open);
    if (!open) form.reset(EMPTY);
  };

  const handleValid = async (body: DeleteAccountBody) => {
    try {
      await deletion.mutateAsync(body);
      toast.success(t('settings.deleteAccount.toasts.deleted.title'), { description: t('settings.deleteAccount.toasts.deleted.description') });
      await onDeleted();
    } catch (failure) {
      const key = isApiError(failure) ? failure.fieldKeys.currentPassword?.[0] : undefined;
      if (key) form.setError('currentPassword', { message: key }, { shouldFocus: true });
      toastApiError(t, failure, t('settings.deleteAccount.toasts.failed'), { alsoWhenUnavailable: true });
    }
  };

  return (
    <Card data-testid="delete-account-section">
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">{t('settings.deleteAccount.title')}</h3>
        </CardTitle>
        <CardDescription>{t('settings.deleteAccount.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-1">
          <h4 className="font-medium">{t('settings.deleteAccount.deletedTitle')}</h4>
          <p className="text-sm text-muted-foreground">{t('settings.deleteAccount.deleted')}</p>
        </div>
        <div className="grid gap-1">
          <h4 className="font-medium">{t('settings.deleteAccount.keptTitle')}</h4>
          <p className="text-sm text-muted-foreground">{t('settings.deleteAccount.kept')}</p>
        </div>
        <div className="grid gap-1">
          <h4 className="font-medium">{t('settings.deleteAccount.beforeTitle')}</h4>
          <p className="text-sm text-muted-foreground">{t('settings.deleteAccount.before')}</p>
        </div>
        <Dialog open={isOpen} onOpenChange={handleOpenChange}>
          <div>
            <DialogTrigger asChild>
              <Button variant="destructive">
                {t('settings.deleteAccount.open')}
              </Button>
            </DialogTrigger>
          </div>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{t('settings.deleteAccount.dialog.title')}</DialogTitle>
              <DialogDescription>{t('settings.deleteAccount.dialog.description')}</DialogDescription>
            </DialogHeader>
            <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4" aria-label={t('settings.deleteAccount.dialog.title')}>
              <FormField label={t('settings.deleteAccount.dialog.password')} error={fieldErrorText(t, errors.currentPassword)} id="delete-account-password">
                <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
              </FormField>
              <DialogFormFooter
                cancelLabel={t('settings.deleteAccount.dialog.cancel')}
                onCancel={() => handleOpenChange(false)}
                submitLabel={t('settings.deleteAccount.dialog.confirm')}
                busyLabel={t('settings.deleteAccount.dialog.busy')}
                isBusy={deletion.isPending}
                submitVariant="destructive"
              />
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
