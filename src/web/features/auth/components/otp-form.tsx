import { useRef, useState, type FormEvent } from 'react';
import { REGEXP_ONLY_DIGITS } from 'input-otp';
import { OTP_LENGTH } from '@/shared/schemas/auth';
import { otpFormSchema } from '@/shared/schemas/auth-forms';
import { Button } from '@/web/components/ui/button';
import { InputOTP, InputOTPGroup, InputOTPSlot } from '@/web/components/ui/input-otp';
import { Label } from '@/web/components/ui/label';
import { useAuthToasts } from '../hooks/use-auth-toasts';

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
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isVerifying, setIsVerifying] = useState(false);
  const [isResending, setIsResending] = useState(false);
  const inFlight = useRef(false);

  const verify = async (code: string) => {
    const parsed = otpFormSchema.safeParse({ otp: code });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toastValidation(message);
      return;
    }
    // Typing the sixth digit and pressing Enter at once must not send the code twice.
    if (inFlight.current) return;
    inFlight.current = true;
    setError(undefined);
    setIsVerifying(true);
    try {
      // A refused code is cleared so the next one can be typed straight away.
      if (!(await onVerify(parsed.data.otp))) setOtp('');
    } finally {
      inFlight.current = false;
      setIsVerifying(false);
    }
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(otp);
  };

  const handleResend = async () => {
    setIsResending(true);
    try {
      await onResend();
    } finally {
      setIsResending(false);
    }
  };

  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-6">
      <div className="grid justify-items-center gap-3">
        <Label htmlFor={id} className="sr-only">
          {t('auth.otp.codeLabel')}
        </Label>
        <InputOTP
          id={id}
          maxLength={OTP_LENGTH}
          pattern={REGEXP_ONLY_DIGITS}
          value={otp}
          onChange={(value) => {
            setOtp(value);
            if (error) setError(undefined);
          }}
          onComplete={(value: string) => void verify(value)}
          // Continue stays disabled until six digits are in, which also blocks Enter's implicit submit.
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void verify(otp);
            }
          }}
          disabled={isVerifying}
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
        <Button type="submit" size="lg" className="w-full" disabled={otp.length !== OTP_LENGTH || isVerifying}>
          {isVerifying ? t('auth.otp.verifying') : t('auth.otp.continue')}
        </Button>
        <Button variant="outline" size="lg" className="w-full" onClick={onBack}>
          {t('auth.otp.back')}
        </Button>
      </div>
    </form>
  );
}
