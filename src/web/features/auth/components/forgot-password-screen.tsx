import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '@/shared/schemas/auth-forms';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { useForgotPassword } from '../api/forgot-password';
import { useAuthToasts } from '../hooks/use-auth-toasts';
import type { VerifyResetState } from '../lib/navigation-state';
import { AuthCardScreen } from './auth-shell';

/** /forgot-password: one identifier field; the button stays disabled while it is empty. */
export function ForgotPasswordScreen() {
  const { t, fieldText, toastValidation, toastFailure } = useAuthToasts();
  const navigate = useNavigate();
  const forgotMutation = useForgotPassword();
  const form = useForm<ForgotPasswordForm>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { identifier: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const isEmpty = useWatch({ control: form.control, name: 'identifier' }) === '';

  const handleValid = async ({ identifier }: ForgotPasswordForm) => {
    try {
      await forgotMutation.mutateAsync(identifier);
    } catch (error) {
      toastFailure('auth.toasts.requestFailed.title', error, 'auth.toasts.requestFailed.fallback');
      return;
    }
    toast.success(t('auth.toasts.resetCodeSent.title'), { description: t('auth.toasts.resetCodeSent.description') });
    const state: VerifyResetState = { identifier };
    await navigate('/verify-reset', { state });
  };

  const handleInvalid = (fieldErrors: FieldErrors<ForgotPasswordForm>) =>
    toastValidation(fieldErrors.identifier?.message);

  return (
    <AuthCardScreen title={t('auth.forgot.title')} description={t('auth.forgot.subtitle')}>
      <form noValidate onSubmit={form.handleSubmit(handleValid, handleInvalid)} className="grid gap-4">
        <FormField label={t('auth.forgot.identifierLabel')} error={fieldText(errors.identifier?.message)}>
          <Input
            id="forgot-identifier"
            autoComplete="username"
            placeholder={t('auth.forgot.identifierPlaceholder')}
            {...form.register('identifier')}
          />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={isEmpty || isSubmitting}>
          {isSubmitting ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          onClick={() => void navigate('/auth', { state: { tab: 'login' } })}
        >
          {t('auth.forgot.back')}
        </Button>
      </form>
    </AuthCardScreen>
  );
}
