import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useForgotPassword } from '../api/forgot-password';
import { useVerifyResetOtp } from '../api/verify-reset-otp';
import { readVerifyResetState, type ResetPasswordState, type VerifyResetState } from '../lib/navigation-state';
import { CodeEntryStep } from './code-entry-step';

/** /verify-reset: needs the identifier in navigation state, else back to /forgot-password. */
export function VerifyResetScreen() {
  const location = useLocation();
  const state = readVerifyResetState(location.state);
  if (!state) return <Navigate to="/forgot-password" replace />;
  return <VerifyResetContent state={state} />;
}

function VerifyResetContent({ state }: { state: VerifyResetState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const verifyMutation = useVerifyResetOtp();
  const resendMutation = useForgotPassword();

  return (
    <CodeEntryStep
      id="verify-reset-code"
      title={t('auth.verifyReset.title')}
      sentTo={t('auth.verifyReset.subtitle')}
      identifier={state.identifier}
      verify={(otp) => verifyMutation.mutateAsync({ identifier: state.identifier, otp })}
      onVerified={async ({ resetToken }) => {
        toast.success(t('auth.toasts.codeVerified.title'), { description: t('auth.toasts.codeVerified.description') });
        const next: ResetPasswordState = { identifier: state.identifier, verified: true, resetToken };
        await navigate('/reset-password', { replace: true, state: next });
      }}
      resend={resendMutation.mutateAsync}
      onBack={() => void navigate('/forgot-password')}
    />
  );
}
