import { useState } from 'react';
import { useSingleFlight } from '@/web/lib/use-single-flight';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { REGEXP_ONLY_DIGITS } from 'input-otp';
import type { z } from 'zod';
import { OTP_LENGTH } from '@/shared/rule-limits';
import { otpFormSchema } from '@/shared/schemas/auth-forms';
import { Button } from '@/web/components/ui/button';
import { InputOTP, InputOTPGroup, InputOTPSlot } from '@/web/components/ui/input-otp';
import { Label } from '@/web/components/ui/label';
import { useAuthToasts } from '../hooks/use-auth-toasts';

type OtpFormValues = z.infer<typeof otpFormSchema>;

export interface OtpFormProps {
  id: string;
  /** Resolves once the code has been checked (true when accepted); the form stays busy until then. */
  onVerify: (otp: string) => Promise<boolean>;
  onResend: () => Promise<void>;
  onBack: () => void;
}

/** Six digit-only slots (paste works), auto-submit on the sixth, Continue, "Click to Resend" and Back. */
export function OtpForm({ id, onVerify, onResend, onBack }: OtpFormProps) {
  const { t, fieldText, toastValidation } = useAuthToasts();
  const form = useForm<OtpFormValues>({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
    // A message stays until the code changes, then goes (it is checked again on the next submit).
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const otp = useWatch({ control: form.control, name: 'otp' });
  const [isResending, setIsResending] = useState(false);
  const singleFlight = useSingleFlight();

  const handleValid = async (values: OtpFormValues) => {
    // A refused code is cleared so the next one can be typed straight away.
    if (!(await onVerify(values.otp))) form.setValue('otp', '');
  };

  const handleInvalid = (fieldErrors: FieldErrors<OtpFormValues>) => toastValidation(fieldErrors.otp?.message);

  // Typing the sixth digit and pressing Enter at once must not send the code twice.
  const submit = () => singleFlight.run(() => form.handleSubmit(handleValid, handleInvalid)());

  const handleResend = async () => {
    setIsResending(true);
    try {
      await onResend();
    } finally {
      setIsResending(false);
    }
  };

  const errorId = `${id}-error`;
  const error = errors.otp?.message;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-6"
    >
      <div className="grid justify-items-center gap-3">
        <Label htmlFor={id} className="sr-only">
          {t('auth.otp.codeLabel')}
        </Label>
        <Controller
          control={form.control}
          name="otp"
          render={({ field }) => (
            <InputOTP
              id={id}
              ref={field.ref}
              name={field.name}
              maxLength={OTP_LENGTH}
              pattern={REGEXP_ONLY_DIGITS}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                if (error) form.clearErrors('otp');
              }}
              onBlur={field.onBlur}
              onComplete={(value: string) => {
                form.setValue('otp', value);
                void submit();
              }}
              // Continue stays disabled until six digits are in, which also blocks Enter's implicit submit.
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void submit();
                }
              }}
              disabled={isSubmitting}
              autoFocus
              autoComplete="one-time-code"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              containerClassName="justify-center"
            >
              <InputOTPGroup>
                {Array.from({ length: OTP_LENGTH }, (_, index) => (
                  <InputOTPSlot key={index} index={index} aria-invalid={error ? true : undefined} />
                ))}
              </InputOTPGroup>
            </InputOTP>
          )}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
            {fieldText(error)}
          </p>
        )}
      </div>
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.otp.noCode')}{' '}
        <Button variant="link" className="h-auto p-0" onClick={() => void handleResend()} disabled={isResending}>
          {isResending ? t('auth.otp.resending') : t('auth.otp.resend')}
        </Button>
      </p>
      <div className="grid gap-3">
        <Button type="submit" size="lg" className="w-full" disabled={otp.length !== OTP_LENGTH || isSubmitting}>
          {isSubmitting ? t('auth.otp.verifying') : t('auth.otp.continue')}
        </Button>
        <Button variant="outline" size="lg" className="w-full" onClick={onBack}>
          {t('auth.otp.back')}
        </Button>
      </div>
    </form>
  );
}
