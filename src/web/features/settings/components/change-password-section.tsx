import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { changePasswordFormSchema, type ChangePasswordForm } from '@/shared/schemas/auth-forms';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { isApiError } from '@/web/lib/api-client';
import { fieldErrorText } from '@/web/lib/form-errors';
import { toastApiError } from '@/web/lib/toast-api-error';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** Settings' Change Password: the current one, then the new one twice (the sign-up rule); other devices sign out. */
export function ChangePasswordSection() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  const handleValid = async ({ currentPassword, password }: ChangePasswordForm) => {
    try {
      await change.mutateAsync({ currentPassword, password });
      form.reset(EMPTY);
      toast.success(t('settings.password.toasts.changed.title'), { description: t('settings.password.toasts.changed.description') });
    } catch (failure) {
      if (isApiError(failure)) {
        for (const name of FIELDS) {
          const key = failure.fieldKeys[name]?.[0];
          if (key) form.setError(name, { message: key }, { shouldFocus: true });
        }
      }
      toastApiError(t, failure, t('settings.password.toasts.failed'), { alsoWhenUnavailable: true });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg font-semibold">{t('settings.password.title')}</h3>
        </CardTitle>
        <CardDescription>{t('settings.password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(handleValid)} className="grid gap-4" aria-label={t('settings.password.title')}>
          <FormField label={t('settings.password.current')} error={fieldErrorText(t, errors.currentPassword)} id="change-password-current">
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </FormField>
          <FormField
            label={t('settings.password.new')}
            error={fieldErrorText(t, errors.password)}
            id="change-password-new"
            description={t('settings.password.rule')}
          >
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label={t('settings.password.confirm')} error={fieldErrorText(t, errors.confirmPassword)} id="change-password-confirm">
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
              {change.isPending ? t('settings.password.busy') : t('settings.password.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
