import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useResendVerificationOtp } from '../api/resend-verification-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useStoreSession } from '../hooks/use-session';
import { useAuthToasts } from '../hooks/use-auth-toasts';
import { readVerifyOtpState, type AuthNavigationState, type VerifyOtpState } from '../lib/navigation-state';
import { AuthCardScreen } from './auth-shell';
import { OtpForm } from './otp-form';
import { useResendCode } from '../hooks/use-resend-code';

/** /verify-otp: needs the identifier in navigation state, else back to /auth. */
export function VerifyOtpScreen() {
  const location = useLocation();
  const state = readVerifyOtpState(location.state);
  if (!state) return <Navigate to="/auth" replace />;
  return <VerifyOtpContent state={state} />;
}

function backState(state: VerifyOtpState): AuthNavigationState | undefined {
  return state.fromRegistration ? undefined : { tab: 'login', identifier: state.identifier, from: state.from };
}

function channelOf(state: VerifyOtpState) {
  if (state.channel) return state.channel;
  return state.identifier.includes('@') ? 'email' : 'sms';
}

function VerifyOtpContent({ state }: { state: VerifyOtpState }) {
  const { t } = useTranslation();
  const { toastFailure } = useAuthToasts();
  const navigate = useNavigate();
  const storeSession = useStoreSession();
  const verifyMutation = useVerifyOtp();
  const resendMutation = useResendVerificationOtp();

  const handleVerify = async (otp: string) => {
    let result;
    try {
      result = await verifyMutation.mutateAsync({
        identifier: state.identifier,
        otp,
        // Coming from sign-in, the person expects to land signed in; after sign-up they log in themselves.
        startSession: !state.fromRegistration,
        rememberMe: state.rememberMe ?? false,
      });
    } catch (error) {
      toastFailure('auth.toasts.verifyFailed.title', error, 'auth.toasts.verifyFailed.fallback');
      return false;
    }
    toast.success(t('auth.toasts.verified.title'), { description: t('auth.toasts.verified.description') });
    if (state.fromRegistration || !result.session) {
      const next: AuthNavigationState = {
        tab: 'login',
        message: 'auth.verifyOtp.verifiedMessage',
        identifier: state.identifier,
      };
      await navigate('/auth', { replace: true, state: next });
    } else {
      storeSession(result.session);
      await navigate(state.from ?? '/dashboard', { replace: true });
    }
    return true;
  };

  const resendCode = useResendCode(resendMutation.mutateAsync);
  const handleResend = () => resendCode(state.identifier);

  return (
    <AuthCardScreen
      title={t('auth.verifyOtp.title')}
      description={
        <>
          {t(`auth.verifyOtp.sentTo.${channelOf(state)}`)}{' '}
          <strong className="font-medium break-all text-foreground" data-testid="otp-identifier">
            {state.identifier}
          </strong>
        </>
      }
    >
      <OtpForm
        id="verify-otp-code"
        onVerify={handleVerify}
        onResend={handleResend}
        onBack={() => void navigate('/auth', { state: backState(state) })}
      />
    </AuthCardScreen>
  );
}
