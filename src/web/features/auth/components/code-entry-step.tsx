import { useAuthToasts } from '../hooks/use-auth-toasts';
import { useResendCode } from '../hooks/use-resend-code';
import { AuthCardScreen } from './auth-shell';
import { OtpForm } from './otp-form';

export interface CodeEntryStepProps<T> {
  /** The code input's id (unique per screen). */
  id: string;
  title: string;
  /** The words before the identifier, e.g. "We sent a code to". */
  sentTo: string;
  identifier: string;
  /** Sends the code to the server; throws an ApiError when it is refused. */
  verify: (otp: string) => Promise<T>;
  /** What follows an accepted code (toast, navigation). */
  onVerified: (result: T) => Promise<void>;
  /** Asks the server for a new code. */
  resend: (identifier: string) => Promise<unknown>;
  onBack: () => void;
}

export type CodeEntryProps<T> = Omit<CodeEntryStepProps<T>, 'title' | 'sentTo'>;

/**
 * The code, resend and back, without a screen around it: the settings page shows it inside its own card when
 * a new email or phone number is confirmed.
 */
export function CodeEntry<T>({ id, identifier, verify, onVerified, resend, onBack }: CodeEntryProps<T>) {
  const { toastFailure } = useAuthToasts();
  const resendCode = useResendCode(resend);

  const handleVerify = async (otp: string) => {
    let result: T;
    try {
      result = await verify(otp);
    } catch (error) {
      toastFailure('auth.toasts.verifyFailed.title', error, 'auth.toasts.verifyFailed.fallback');
      return false;
    }
    await onVerified(result);
    return true;
  };

  return <OtpForm id={id} onVerify={handleVerify} onResend={() => resendCode(identifier)} onBack={onBack} />;
}

/** The one code-entry step of sign-up verification and password reset: the code, resend, and back. */
export function CodeEntryStep<T>({ title, sentTo, ...props }: CodeEntryStepProps<T>) {
  return (
    <AuthCardScreen
      title={title}
      description={
        <>
          {sentTo}{' '}
          <strong className="font-medium break-all text-foreground" data-testid="otp-identifier">
            {props.identifier}
          </strong>
        </>
      }
    >
      <CodeEntry {...props} />
    </AuthCardScreen>
  );
}
