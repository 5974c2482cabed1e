import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@/shared/schemas/auth-forms';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { useResetPassword } from '../api/reset-password';
import { useAuthToasts } from '../hooks/use-auth-toasts';
import { readResetPasswordState, type AuthNavigationState, type ResetPasswordState } from '../lib/navigation-state';
import { AuthCardScreen } from './auth-shell';
import { PasswordInput } from './password-input';

/** /reset-password: needs identifier, verified and the reset token in navigation state. */
export function ResetPasswordScreen() {
  const location = useLocation();
  const state = readResetPasswordState(location.state);
  if (!state) return <Navigate to="/forgot-password" replace />;
  return <ResetPasswordContent state={state} />;
}

function ResetPasswordContent({ state }: { state: ResetPasswordState }) {
  const { t, fieldText, toastValidation, toastFailure } = useAuthToasts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resetMutation = useResetPassword();
  const form = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const handleValid = async ({ password }: ResetPasswordForm) => {
    try {
      await resetMutation.mutateAsync({ token: state.resetToken, password });
    } catch (error) {
      toastFailure('auth.toasts.resetFailed.title', error, 'auth.toasts.resetFailed.fallback');
      return;
    }
    // A reset ends every session of the account, this browser's included.
    queryClient.clear();
    toast.success(t('auth.toasts.resetSuccess.title'), { description: t('auth.toasts.resetSuccess.description') });
    const next: AuthNavigationState = { tab: 'login', message: 'auth.reset.doneMessage', identifier: state.identifier };
    await navigate('/auth', { replace: true, state: next });
  };

  const handleInvalid = (fieldErrors: FieldErrors<ResetPasswordForm>) =>
    toastValidation(fieldErrors.password?.message ?? fieldErrors.confirmPassword?.message);

  return (
    <AuthCardScreen title={t('auth.reset.title')} description={t('auth.reset.subtitle')}>
      <form noValidate onSubmit={form.handleSubmit(handleValid, handleInvalid)} className="grid gap-4">
        <FormField
          label={t('auth.reset.newPassword')}
          error={fieldText(errors.password?.message)}
          description={t('auth.reset.hint')}
        >
          <PasswordInput id="reset-password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
        <FormField label={t('auth.reset.confirmPassword')} error={fieldText(errors.confirmPassword?.message)}>
          <PasswordInput id="reset-confirm" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
        <Link
          to="/auth"
          state={{ tab: 'login' }}
          className="justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('auth.reset.backToLogin')}
        </Link>
      </form>
    </AuthCardScreen>
  );
}
