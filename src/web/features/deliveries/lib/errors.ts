import { toast } from 'sonner';
import { ApiError } from '@/web/lib/api-client';

export function apiErrorCode(error: unknown) {
  return error instanceof ApiError ? error.result.code : undefined;
}

/** A 5xx or network failure has already shown the spec's "API Not Available" toast in the API client. */
export function isUnavailable(error: unknown): boolean {
  return error instanceof ApiError && (error.result.status === 0 || error.result.status >= 500);
}

export function toastApiError(error: unknown, title: string) {
  if (isUnavailable(error)) return;
  toast.error(title, { description: error instanceof Error ? error.message : String(error) });
}
