import { lazy, Suspense, useId } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { RegisterBody } from '@/shared/schemas/auth';
import {
  firstInOrder,
  SIGN_UP_MESSAGE_ORDER,
  signUpFormSchema,
  type SignUpForm as SignUpFormValues,
} from '@/shared/schemas/auth-forms';
import { isLanguage } from '@/shared/i18n';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/web/components/ui/radio-group';
import { useRegister } from '../api/register';
import { browserLanguages, defaultCountryCode, findCountry } from '../data/countries';
import { useAuthToasts } from '../hooks/use-auth-toasts';
import type { VerifyOtpState } from '../lib/navigation-state';
import { toInternationalNumber } from '../lib/phone';
import { PasswordInput } from './password-input';

// The picker carries ~150 bundled flags: it loads only when a phone method is chosen.
const CountryPicker = lazy(() => import('./country-picker'));

const METHODS = [
  { value: 'email', labelKey: 'auth.signup.methods.email' },
  { value: 'phone', labelKey: 'auth.signup.methods.phone' },
  { value: 'whatsapp', labelKey: 'auth.signup.methods.whatsapp' },
] as const;

export function SignUpForm({ onSwitchToLogin }: { onSwitchToLogin: () => void }) {
  const { t, fieldText, toastValidation, toastFailure } = useAuthToasts();
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const registerMutation = useRegister();
  const idPrefix = useId();
  const form = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: {
      fullName: '',
      registerWith: 'email',
      email: '',
      phone: '',
      countryCode: defaultCountryCode([...browserLanguages(), i18n.language]),
      password: '',
      confirmPassword: '',
      agreeTerms: false,
      agreeMarketing: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const registerWith = useWatch({ control: form.control, name: 'registerWith' });
  const isPhoneMethod = registerWith !== 'email';
  const error = (message: string | undefined) => fieldText(message);

  const handleValid = async (values: SignUpFormValues) => {
    const language = i18n.resolvedLanguage;
    const body: RegisterBody = {
      name: values.fullName.trim(),
      password: values.password,
      marketingConsent: values.agreeMarketing,
      ...(isLanguage(language) ? { language } : {}),
    };
    if (values.registerWith === 'email') {
      body.email = values.email.trim();
    } else {
      const dial = findCountry(values.countryCode)?.dial ?? '+';
      const number = toInternationalNumber(dial, values.phone, values.countryCode);
      if (values.registerWith === 'phone') body.phone = number;
      else body.whatsapp_number = number;
    }
    let result;
    try {
      result = await registerMutation.mutateAsync(body);
    } catch (error) {
      toastFailure('auth.toasts.registerFailed.title', error, 'auth.toasts.registerFailed.fallback');
      return;
    }
    toast.success(t('auth.toasts.registerSuccess.title'));
    const state: VerifyOtpState = { identifier: result.identifier, fromRegistration: true, channel: result.channel };
    await navigate('/verify-otp', { state });
  };

  const handleInvalid = (fieldErrors: FieldErrors<SignUpFormValues>) => {
    const messages = Object.values(fieldErrors).map((fieldError) => fieldError?.message);
    toastValidation(firstInOrder(messages, SIGN_UP_MESSAGE_ORDER));
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid, handleInvalid)} className="grid gap-4">
      <FormField label={t('auth.signup.fullNameLabel')} error={error(errors.fullName?.message)}>
        <Input
          id={`${idPrefix}-name`}
          autoComplete="name"
          placeholder={t('auth.signup.fullNamePlaceholder')}
          {...form.register('fullName')}
        />
      </FormField>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('auth.signup.registerWith')}</legend>
        <Controller
          control={form.control}
          name="registerWith"
          render={({ field }) => (
            <RadioGroup
              ref={field.ref}
              name={field.name}
              value={field.value}
              onValueChange={field.onChange}
              className="flex flex-wrap gap-x-5 gap-y-2"
            >
              {METHODS.map((method) => (
                <div key={method.value} className="flex items-center gap-2">
                  <RadioGroupItem value={method.value} id={`${idPrefix}-method-${method.value}`} />
                  <Label htmlFor={`${idPrefix}-method-${method.value}`} className="font-normal">
                    {t(method.labelKey)}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>

      {isPhoneMethod ? (
        <div className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] gap-2">
          <div className="grid gap-2">
            <Label htmlFor={`${idPrefix}-country`}>{t('auth.country.label')}</Label>
            <Controller
              control={form.control}
              name="countryCode"
              render={({ field }) => (
                <Suspense
                  fallback={<div className="h-10 rounded-md border border-input bg-background" aria-hidden="true" />}
                >
                  <CountryPicker id={`${idPrefix}-country`} value={field.value} onChange={field.onChange} />
                </Suspense>
              )}
            />
          </div>
          <FormField
            label={registerWith === 'phone' ? t('auth.signup.phoneLabel') : t('auth.signup.whatsappLabel')}
            error={error(errors.phone?.message)}
          >
            <Input
              id={`${idPrefix}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder={t('auth.signup.phonePlaceholder')}
              {...form.register('phone')}
            />
          </FormField>
        </div>
      ) : (
        <FormField label={t('auth.signup.emailLabel')} error={error(errors.email?.message)}>
          <Input
            id={`${idPrefix}-email`}
            type="email"
            autoComplete="email"
            placeholder={t('auth.signup.emailPlaceholder')}
            {...form.register('email')}
          />
        </FormField>
      )}

      <FormField
        label={t('auth.signup.passwordLabel')}
        error={error(errors.password?.message)}
        description={t('auth.signup.passwordHint')}
      >
        <PasswordInput
          id={`${idPrefix}-password`}
          autoComplete="new-password"
          placeholder={t('auth.signup.passwordPlaceholder')}
          {...form.register('password')}
        />
      </FormField>
      <FormField label={t('auth.signup.confirmPasswordLabel')} error={error(errors.confirmPassword?.message)}>
        <PasswordInput
          id={`${idPrefix}-confirm`}
          autoComplete="new-password"
          placeholder={t('auth.signup.confirmPasswordPlaceholder')}
          {...form.register('confirmPassword')}
        />
      </FormField>

      <div className="grid gap-3">
        <CheckboxField
          id={`${idPrefix}-terms`}
          label={t('auth.signup.agreeTerms')}
          error={error(errors.agreeTerms?.message)}
          control={form.control}
          name="agreeTerms"
        />
        <p className="ms-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {(['terms', 'privacy'] as const).map((document) => (
            <a
              key={document}
              href={`/${document}`}
              target="_blank"
              rel="noopener"
              className="rounded-sm text-primary underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {t(`legal.${document}.title`)}
              <span className="sr-only"> {t('legal.opensInNewTab')}</span>
            </a>
          ))}
        </p>
        <CheckboxField
          id={`${idPrefix}-marketing`}
          label={t('auth.signup.agreeMarketing')}
          control={form.control}
          name="agreeMarketing"
        />
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? t('auth.signup.submitting') : t('auth.signup.submit')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.signup.haveAccount')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={onSwitchToLogin}>
          {t('auth.signup.switchToLogin')}
        </Button>
      </p>
    </form>
  );
}

function CheckboxField({
  id,
  label,
  error,
  control,
  name,
}: {
  id: string;
  label: string;
  error?: string;
  control: Control<SignUpFormValues>;
  name: 'agreeTerms' | 'agreeMarketing';
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onBlur={field.onBlur}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className="mt-0.5"
            />
          )}
        />
        <Label htmlFor={id} className="leading-snug font-normal">
          {label}
        </Label>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
