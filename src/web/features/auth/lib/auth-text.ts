import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AUTH_MESSAGES } from '@/shared/schemas/auth';
import { authMessageKey, type AuthMessageKey } from '@/shared/schemas/auth-forms';
import { messageOf, type ApiResult } from '@/web/lib/api-client';

/** The spec's toast title for each validation message; everything else is a "Validation Error". */
const TOAST_TITLE: Partial<Record<AuthMessageKey, string>> = {
  passwordsMismatch: 'auth.toasts.passwordMismatch',
  termsRequired: 'auth.toasts.termsRequired',
  passwordTooShort: 'auth.toasts.passwordTooShort',
};

/** Translates the shared schemas' English messages and raises the spec's toasts. */
export function useAuthText() {
  const { t } = useTranslation();

  const validationText = useCallback(
    (message: string | undefined) => {
      const key = authMessageKey(message);
      return key ? t(`auth.validation.${key}`, { defaultValue: AUTH_MESSAGES[key] }) : message;
    },
    [t],
  );

  const toastValidation = useCallback(
    (message: string | undefined) => {
      const key = authMessageKey(message);
      const title = (key && TOAST_TITLE[key]) || 'auth.toasts.validationError';
      toast.error(t(title), { description: validationText(message) });
    },
    [t, validationText],
  );

  /** "X Failed" with the server's (translated) words, or the spec's fallback when it gave none. */
  const toastFailure = useCallback(
    (titleKey: string, result: Pick<ApiResult<unknown>, 'code' | 'message'>, fallbackKey: string) => {
      // A message the shared schemas gave (e.g. a too-short password) is more precise than its code's text.
      const message = authMessageKey(result.message)
        ? validationText(result.message)
        : result.message
          ? messageOf(result)
          : '';
      toast.error(t(titleKey), { description: message || t(fallbackKey) });
    },
    [t, validationText],
  );

  return { t, validationText, toastValidation, toastFailure };
}
