import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH_MESSAGE_KEYS } from '@/shared/schemas/auth';
import { isApiError } from '@/web/lib/api-client';
import { toastApiError } from '@/web/lib/toast-api-error';

/** The spec's toast title for some validation messages (by key); everything else is a "Validation Error". */
const TOAST_TITLE: Record<string, string> = {
  [AUTH_MESSAGE_KEYS.passwordsMismatch]: 'auth.toasts.passwordMismatch',
  [AUTH_MESSAGE_KEYS.termsRequired]: 'auth.toasts.termsRequired',
  [AUTH_MESSAGE_KEYS.passwordTooShort]: 'auth.toasts.passwordTooShort',
};

/** The account screens' toasts. Field messages are i18n keys (the shared schemas'), shown as `t(key)`. */
export function useAuthToasts() {
  const { t } = useTranslation();

  const fieldText = useCallback((key: string | undefined) => (key ? t(key) : undefined), [t]);

  const toastValidation = useCallback(
    (key: string | undefined) => {
      toast.error(t((key && TOAST_TITLE[key]) || 'auth.toasts.validationError'), { description: fieldText(key) });
    },
    [t, fieldText],
  );

  /** "X Failed" with the failure's translated words, or the spec's fallback when the server named none. */
  const toastFailure = useCallback(
    (titleKey: string, error: unknown, fallbackKey: string) => {
      // An exception that is no answer at all (spec section 8): "Unable to connect to server".
      const fallback = isApiError(error) ? t(fallbackKey) : t('auth.toasts.connection');
      toastApiError(t, error, t(titleKey), { fallback, alsoWhenUnavailable: true });
    },
    [t],
  );

  return { t, fieldText, toastValidation, toastFailure };
}
