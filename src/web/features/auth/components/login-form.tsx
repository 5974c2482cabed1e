import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { UNVERIFIED_TYPE } from '@/shared/schemas/auth';
import { isApiError } from '@/web/lib/api-client';
import { loginFormSchema, type LoginForm as LoginFormValues } from '@/shared/schemas/auth-forms';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { useLogin } from '../api/login';
import { useStoreSession } from '../hooks/use-session';
import { useAuthToasts } from '../hooks/use-auth-toasts';
import type { VerifyOtpState } from '../lib/navigation-state';
import { PasswordInput } from './password-input';

export interface LoginFormProps {
  defaultIdentifier?: string;
  /** Where to go after signing in (the page a signed-out visitor wanted), else /dashboard. */
  returnTo?: string;
  onSwitchToSignUp: () => void;
}

export function LoginForm({ defaultIdentifier = '', returnTo, onSwitchToSignUp }: LoginFormProps) {
  const { t, fieldText, toastValidation, toastFailure } = useAuthToasts();
  const navigate = useNavigate();
  const storeSession = useStoreSession();
  const loginMutation = useLogin();
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { identifier: defaultIdentifier, password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;

  const handleValid = async (values: LoginFormValues) => {
    let session;
    try {
      session = await loginMutation.mutateAsync(values);
    } catch (error) {
      if (isApiError(error) && error.type === UNVERIFIED_TYPE) await continueToVerification();
      else toastFailure('auth.toasts.loginFailed.title', error, 'auth.toasts.loginFailed.fallback');
      return;
    }
    storeSession(session);
    toast.success(t('auth.toasts.loginSuccess.title'), { description: t('auth.toasts.loginSuccess.description') });
    await navigate(returnTo ?? '/dashboard', { replace: true });

    /** `type: "unverified"` (403) is a path of its own: verify the identifier, then land signed in. */
    async function continueToVerification() {
      toast.error(t('auth.toasts.unverified.title'), { description: t('auth.toasts.unverified.description') });
      const state: VerifyOtpState = {
        identifier: values.identifier.trim(),
        fromRegistration: false,
        rememberMe: values.rememberMe,
        from: returnTo,
      };
      await navigate('/verify-otp', { state });
    }
  };

  const handleInvalid = (fieldErrors: FieldErrors<LoginFormValues>) => {
    toastValidation(fieldErrors.identifier?.message ?? fieldErrors.password?.message);
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(handleValid, handleInvalid)}
      className="grid gap-4"
      aria-labelledby="login-heading"
    >
      <FormField label={t('auth.login.identifierLabel')} error={fieldText(errors.identifier?.message)}>
        <Input
          id="login-identifier"
          autoComplete="username"
          placeholder={t('auth.login.identifierPlaceholder')}
          {...form.register('identifier')}
        />
      </FormField>
      <FormField label={t('auth.login.passwordLabel')} error={fieldText(errors.password?.message)}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          placeholder={t('auth.login.passwordPlaceholder')}
          {...form.register('password')}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="login-remember"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onBlur={field.onBlur}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
            )}
          />
          <Label htmlFor="login-remember" className="font-normal">
            {t('auth.login.rememberMe')}
          </Label>
        </div>
        <Link
          to="/forgot-password"
          className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t('auth.login.forgotPassword')}
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.login.noAccount')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onSwitchToSignUp}>
          {t('auth.login.switchToSignUp')}
        </Button>
      </p>
    </form>
  );
}
