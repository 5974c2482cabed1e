import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useAuthToasts } from './use-auth-toasts';

/**
 * "Click to Resend" on both code screens: asks `send` for a new code and raises the spec's
 * "Code Sent!" or "Failed to Resend" toast.
 */
export function useResendCode(send: (identifier: string) => Promise<unknown>) {
  const { t } = useTranslation();
  const { toastFailure } = useAuthToasts();
  return async (identifier: string) => {
    try {
      await send(identifier);
    } catch (error) {
      toastFailure('auth.toasts.resendFailed.title', error, 'auth.toasts.resendFailed.fallback');
      return;
    }
    toast.success(t('auth.toasts.codeSent.title'), { description: t('auth.toasts.codeSent.description') });
  };
}
