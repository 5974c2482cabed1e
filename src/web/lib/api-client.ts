import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import type { ApiEnvelope, ErrorCode } from '@/shared/errors';
import { i18n } from './i18n';

/** Status of a request that never got an answer (network down, aborted by the browser). */
export const NO_RESPONSE = 0;

/**
 * The one failure every API call throws: the server's code, its named parameters and per-field message keys.
 * Turn it into words with `apiErrorText`; never show `message` (the server's English, for API clients).
 */
export class ApiError extends Error {
  readonly code: ErrorCode | undefined;
  readonly params: Record<string, string | number>;
  /** Per field, i18n keys of what is wrong (from the shared schemas). */
  readonly fieldKeys: Record<string, string[]>;
  /** Per field, the parameters of its message (`The minimum amount is {{amount}}`). */
  readonly fieldParams: Record<string, Record<string, string | number>>;
  readonly type: string | undefined;
  /** The failed answer's data (e.g. an unverified login names the identifier). */
  readonly data: unknown;

  constructor(
    readonly status: number,
    envelope: Partial<ApiEnvelope<unknown>> = {},
  ) {
    super(envelope.message ?? `API request failed (${status})`);
    this.name = 'ApiError';
    this.code = envelope.code;
    this.params = envelope.params ?? {};
    this.fieldKeys = envelope.detailKeys ?? {};
    this.fieldParams = envelope.detailParams ?? {};
    this.type = envelope.type;
    this.data = envelope.data ?? null;
  }

  /** A network failure or 5xx: the API client has already shown the spec's "API Not Available" toast. */
  get unavailable(): boolean {
    return this.status === NO_RESPONSE || this.status >= 500;
  }

  /** The first field message key, when the server named what is wrong with a field. */
  get firstFieldKey(): string | undefined {
    return Object.values(this.fieldKeys).flat()[0];
  }

  /** The parameters of the first field message. */
  get firstFieldParams(): Record<string, string | number> {
    const field = Object.keys(this.fieldKeys).find((name) => (this.fieldKeys[name]?.length ?? 0) > 0);
    return (field && this.fieldParams[field]) || {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The translated words for a failure: a field's own message when the server named one (more precise than
 * its code), else the code's text with its parameters (`wait {{seconds}} seconds`), else `fallback`.
 */
export function apiErrorText(t: TFunction, error: unknown, fallback?: string): string {
  if (!isApiError(error)) return fallback ?? t('errors.codes.INTERNAL');
  if (error.unavailable) return t('errors.apiUnavailable.message');
  const fieldKey = error.firstFieldKey;
  if (fieldKey) return t(fieldKey, error.firstFieldParams);
  if (error.code) return t(`errors.codes.${error.code}`, error.params);
  return fallback ?? t('errors.codes.INTERNAL');
}

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
