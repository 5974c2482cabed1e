import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useForgotPassword } from '../api/forgot-password';
import { useVerifyResetOtp } from '../api/verify-reset-otp';
import { useAuthToasts } from '../hooks/use-auth-toasts';
import { readVerifyResetState, type ResetPasswordState, type VerifyResetState } from '../lib/navigation-state';
import { AuthCardScreen } from './auth-shell';
import { OtpForm } from './otp-form';
import { useResendCode } from '../hooks/use-resend-code';

/** /verify-reset: needs the identifier in navigation state, else back to /forgot-password. */
export function VerifyResetScreen() {
  const location = useLocation();
  const state = readVerifyResetState(location.state);
  if (!state) return <Navigate to="/forgot-password" replace />;
  return <VerifyResetContent state={state} />;
}

function VerifyResetContent({ state }: { state: VerifyResetState }) {
  const { t } = useTranslation();
  const { toastFailure } = useAuthToasts();
  const navigate = useNavigate();
  const verifyMutation = useVerifyResetOtp();
  const resendMutation = useForgotPassword();

  const handleVerify = async (otp: string) => {
    let result;
    try {
      result = await verifyMutation.mutateAsync({ identifier: state.identifier, otp });
    } catch (error) {
      toastFailure('auth.toasts.verifyFailed.title', error, 'auth.toasts.verifyFailed.fallback');
      return false;
    }
    toast.success(t('auth.toasts.codeVerified.title'), { description: t('auth.toasts.codeVerified.description') });
    const next: ResetPasswordState = {
      identifier: state.identifier,
      verified: true,
      resetToken: result.resetToken,
    };
    await navigate('/reset-password', { replace: true, state: next });
    return true;
  };

  const resendCode = useResendCode(resendMutation.mutateAsync);
  const handleResend = () => resendCode(state.identifier);

  return (
    <AuthCardScreen
      title={t('auth.verifyReset.title')}
      description={
        <>
          {t('auth.verifyReset.subtitle')}{' '}
          <strong className="font-medium break-all text-foreground" data-testid="otp-identifier">
            {state.identifier}
          </strong>
        </>
      }
    >
      <OtpForm
        id="verify-reset-code"
        onVerify={handleVerify}
        onResend={handleResend}
        onBack={() => void navigate('/forgot-password')}
      />
    </AuthCardScreen>
  );
}
