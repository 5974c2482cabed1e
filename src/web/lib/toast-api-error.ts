import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { apiErrorText, isApiError } from './api-error';

/*
 * The one toast for a failed API call. It lives apart from api-error.ts, which the entry chunk loads, so that
 * sonner stays out of the landing page: only lazy route code imports this file.
 */

export interface ApiErrorToastOptions {
  /** The words when the server named no reason (the spec's "… Please try again."). */
  fallback?: string;
  /**
   * The account screens answer every failed call under their own title, a network failure or 5xx included (spec
   * section 8: the call "returns success false with message 'API service is not available yet.'"). Elsewhere the
   * API client's "API Not Available" toast is the only one such a failure raises.
   */
  alsoWhenUnavailable?: boolean;
}

/** "{title}" with the failure's translated words (a field's message, else its code's, else `fallback`). */
export function toastApiError(t: TFunction, error: unknown, title: string, options: ApiErrorToastOptions = {}) {
  // Offline, the API client has said that nothing could be sent and that the form keeps its values (decision 060).
  if (isApiError(error) && error.offline) return;
  if (!options.alsoWhenUnavailable && isApiError(error) && error.unavailable) return;
  // The same request (same Idempotency-Key) is still running: its own answer speaks to the person who sent both.
  if (isApiError(error) && error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS') return;
  toast.error(title, { description: apiErrorText(t, error, options.fallback) });
}
