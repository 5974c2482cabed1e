import { toast } from 'sonner';
import type { ApiEnvelope } from '@/shared/errors';
import { ApiError, NO_RESPONSE } from './api-error';
import { i18n } from './i18n';

export { ApiError, NO_RESPONSE, apiErrorText, isApiError } from './api-error';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, e.g. `Idempotency-Key` on money-moving posts. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The answer may carry `data: null` (a delete, a dismiss): resolve to null instead of failing. */
  allowEmptyData?: boolean;
}

function unavailable(status: number): ApiError {
  toast.error(i18n.t('errors.apiUnavailable.title'), { description: i18n.t('errors.apiUnavailable.description') });
  return new ApiError(status);
}

/**
 * Calls `/api{path}` with the session cookie and resolves to the answer's `data`. Every failure throws an
 * ApiError; network failures and 5xx first raise the spec's "API Not Available" toast.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  return (await apiRequestWithType<T>(path, options)).data;
}

/** Like `apiRequest`, for the answers whose `type` says what happens next (e.g. a code to confirm a change). */
export async function apiRequestWithType<T>(
  path: string,
  options: ApiRequestOptions = {},
): Promise<{ data: T; type: string | undefined }> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // The server takes a signed-in change only as JSON (docs/decisions/019), so one without a body sends `{}`;
  // a FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const body = options.body ?? (method === 'GET' ? undefined : {});
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': i18n.language,
        ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unavailable(NO_RESPONSE);
  }
  if (response.status >= 500) throw unavailable(response.status);
  let payload: ApiEnvelope<T>;
  try {
    payload = (await response.json()) as ApiEnvelope<T>;
  } catch {
    throw unavailable(response.status);
  }
  if (!payload.success) throw new ApiError(response.status, payload);
  if (payload.data === null) {
    if (options.allowEmptyData) return { data: null as T, type: payload.type };
    throw new ApiError(response.status, payload);
  }
  return { data: payload.data, type: payload.type };
}
