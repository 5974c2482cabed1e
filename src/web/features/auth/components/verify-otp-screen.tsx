import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useResendVerificationOtp } from '../api/resend-verification-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { useStoreSession } from '../hooks/use-session';
import { readVerifyOtpState, type AuthNavigationState, type VerifyOtpState } from '../lib/navigation-state';
import { CodeEntryStep } from './code-entry-step';

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
  const navigate = useNavigate();
  const storeSession = useStoreSession();
  const verifyMutation = useVerifyOtp();
  const resendMutation = useResendVerificationOtp();

  const verify = (otp: string) =>
    verifyMutation.mutateAsync({
      identifier: state.identifier,
      otp,
      // Coming from sign-in, the person expects to land signed in; after sign-up they log in themselves.
      startSession: !state.fromRegistration,
      rememberMe: state.rememberMe ?? false,
    });

  const onVerified = async ({ session }: Awaited<ReturnType<typeof verify>>) => {
    toast.success(t('auth.toasts.verified.title'), { description: t('auth.toasts.verified.description') });
    if (state.fromRegistration || !session) {
      const next: AuthNavigationState = {
        tab: 'login',
        message: 'auth.verifyOtp.verifiedMessage',
        identifier: state.identifier,
      };
      await navigate('/auth', { replace: true, state: next });
    } else {
      storeSession(session);
      await navigate(state.from ?? '/dashboard', { replace: true });
    }
  };

  return (
    <CodeEntryStep
      id="verify-otp-code"
      title={t('auth.verifyOtp.title')}
      sentTo={t(`auth.verifyOtp.sentTo.${channelOf(state)}`)}
      identifier={state.identifier}
      verify={verify}
      onVerified={onVerified}
      resend={resendMutation.mutateAsync}
      onBack={() => void navigate('/auth', { state: backState(state) })}
    />
  );
}
