import { toast } from 'sonner';
import type { ApiEnvelope } from '@/shared/errors';
import { i18n } from './i18n';

export type ApiResult<T> = ApiEnvelope<T> & { status: number };

/** The spec's answer when the API cannot be reached: the caller sees a failed envelope, never a throw. */
function unavailable<T>(status: number): ApiResult<T> {
  toast.error(i18n.t('errors.apiUnavailable.title'), { description: i18n.t('errors.apiUnavailable.description') });
  return { success: false, data: null, message: i18n.t('errors.apiUnavailable.message'), status };
}

/** Translates a failed envelope's code, falling back to the server's own words. */
export function messageOf(result: Pick<ApiEnvelope<unknown>, 'code' | 'message'>): string {
  if (result.code) {
    const key = `errors.codes.${result.code}`;
    if (i18n.exists(key)) return i18n.t(key);
  }
  return result.message;
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * Calls `/api{path}` with the session cookie. Network failures and 5xx give the spec's
 * "API Not Available" toast; 4xx resolve to the server's envelope for the caller to show.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // The server takes a signed-in change only as JSON (docs/decisions/019), so one without a body sends `{}`.
  const body = options.body ?? (method === 'GET' ? undefined : {});
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        Accept: 'application/json',
        'Accept-Language': i18n.language,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return unavailable(0);
  }
  if (response.status >= 500) return unavailable(response.status);
  try {
    const payload = (await response.json()) as ApiEnvelope<T>;
    return { ...payload, status: response.status };
  } catch {
    return unavailable(response.status);
  }
}

/** For TanStack Query: resolves to `data` or throws an ApiError carrying the envelope. */
export class ApiError extends Error {
  constructor(readonly result: ApiResult<unknown>) {
    super(messageOf(result));
  }
}

export async function apiData<T>(path: string, options?: ApiRequestOptions): Promise<T> {
  const result = await apiRequest<T>(path, options);
  if (!result.success || result.data === null) throw new ApiError(result);
  return result.data;
}
