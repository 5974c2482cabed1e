import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ApiResult } from '@/web/lib/api-client';
import { useAuthText } from '../lib/auth-text';

/**
 * "Click to Resend" on both code screens: asks `send` for a new code and raises the spec's
 * "Code Sent!" or "Failed to Resend" toast.
 */
export function useResendCode(send: (identifier: string) => Promise<ApiResult<unknown>>) {
  const { t } = useTranslation();
  const { toastFailure } = useAuthText();
  return async (identifier: string) => {
    let result;
    try {
      result = await send(identifier);
    } catch {
      toast.error(t('auth.toasts.resendFailed.title'), { description: t('auth.toasts.connection') });
      return;
    }
    if (result.success) {
      toast.success(t('auth.toasts.codeSent.title'), { description: t('auth.toasts.codeSent.description') });
    } else {
      toastFailure('auth.toasts.resendFailed.title', result, 'auth.toasts.resendFailed.fallback');
    }
  };
}
