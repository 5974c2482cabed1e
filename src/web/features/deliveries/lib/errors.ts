import { isApiError } from '@/web/lib/api-client';

export function apiErrorCode(error: unknown) {
  return isApiError(error) ? error.code : undefined;
}

/** A 5xx or network failure has already shown the spec's "API Not Available" toast in the API client. */
export function isUnavailable(error: unknown): boolean {
  return isApiError(error) && error.unavailable;
}
