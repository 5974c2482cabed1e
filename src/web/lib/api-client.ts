import { toast } from 'sonner';
import { z } from 'zod';
import { ERROR_CODES } from '@/shared/errors';
import { envelope, errorEnvelopeSchema } from '@/shared/schemas/common';
import { ApiError, NO_RESPONSE } from './api-error';
import { getConnectivity, reportAnswer, reportNetworkFailure } from './connectivity';
import { i18n } from './i18n';

export { ApiError, NO_RESPONSE, apiErrorText, isApiError } from './api-error';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, e.g. `Idempotency-Key` on money-moving posts. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What a successful answer carries: its `data` as the endpoint's shared schema parsed it, and its `type`. */
export interface ApiAnswer<T> {
  data: T;
  type: string | undefined;
}

const messageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/**
 * The failure envelope: the shared one, plus what the web translates a failure with (the code's parameters and
 * the per-field message keys). A code this build does not know reads as no code (the caller's fallback words).
 */
const failureEnvelopeSchema = errorEnvelopeSchema.extend({
  code: z.enum(ERROR_CODES).optional().catch(undefined),
  params: messageParams.optional(),
  detailKeys: z.record(z.string(), z.array(z.string())).optional(),
  detailParams: z.record(z.string(), messageParams).optional(),
});

/** A successful answer's frame; its `data` is then parsed by the endpoint's own schema. */
const successEnvelopeSchema = envelope(z.unknown()).extend({ success: z.literal(true) });

/**
 * Whether a failed fetch or body read was the caller giving up (TanStack Query cancelling a query that nobody
 * watches any more after a navigation, a superseded search): its signal is aborted, or the error is the
 * platform's AbortError (whatever realm's DOMException it is, so no `instanceof`).
 */
export function wasCancelled(error: unknown, signal: AbortSignal | undefined): boolean {
  if (signal?.aborted || isLeavingPage) return true;
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/*
 * A page being left for another document (the payment gateway's checkout, a reload) has its requests torn down
 * by the browser as network errors; nobody is left to read a toast about them.
 */
let isLeavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (isLeavingPage = true));
  window.addEventListener('pageshow', () => (isLeavingPage = false));
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was cancelled.', 'AbortError');
}

/** A 5xx or an answer that is not JSON: the spec's "API Not Available" toast, then the error. */
export function apiUnavailable(status: number): ApiError {
  toast.error(i18n.t('errors.apiUnavailable.title'), { description: i18n.t('errors.apiUnavailable.description') });
  return new ApiError(status);
}

/**
 * A request that got no answer at all (decision 060). The offline banner says so while it lasts and TanStack Query
 * retries when the connection returns, so a read (`GET`, a screen's data) raises no toast while offline, and only
 * the first failure of an outage raises "API Not Available" when the browser thinks it is online. A write (a form's
 * submit) always says why it failed: the form keeps what was typed, to send again.
 */
export function networkFailure(method: string): ApiError {
  const before = getConnectivity();
  const now = reportNetworkFailure();
  const isWrite = method !== 'GET';
  if (now === 'offline') {
    if (isWrite) toast.error(i18n.t('errors.offline.title'), { description: i18n.t('errors.offline.description') });
    return new ApiError(NO_RESPONSE, {}, { offline: true });
  }
  if (isWrite || before === 'online') {
    toast.error(i18n.t('errors.apiUnavailable.title'), { description: i18n.t('errors.apiUnavailable.description') });
  }
  return new ApiError(NO_RESPONSE);
}

/**
 * An answer the web cannot read. It carries no code, so the screen says its own fallback words; what did not
 * match goes in the message, for developers (never shown).
 */
function contractBroken(path: string, status: number, error: z.ZodError): ApiError {
  return new ApiError(status, { message: `The answer of ${path} does not match its contract:\n${z.prettifyError(error)}` });
}

/**
 * Reads a JSON answer of `path` against the endpoint's shared `schema`. A failure envelope becomes the ApiError
 * it describes; anything else that is not a success whose data matches the contract becomes an ApiError too, so
 * a server and a browser of different versions fail one request, never the screen.
 */
export function readApiAnswer<S extends z.ZodType>(
  path: string,
  status: number,
  payload: unknown,
  schema: S,
): ApiAnswer<z.output<S>> {
  const failure = failureEnvelopeSchema.safeParse(payload);
  if (failure.success) throw new ApiError(status, failure.data);
  const frame = successEnvelopeSchema.safeParse(payload);
  if (!frame.success) throw contractBroken(path, status, frame.error);
  const data = schema.safeParse(frame.data.data);
  if (!data.success) throw contractBroken(path, status, data.error);
  return { data: data.data, type: frame.data.type };
}

/**
 * Calls `/api{path}` with the session cookie and resolves to the answer's `data`, parsed by `schema` (the
 * endpoint's response schema from src/shared/schemas). Every failure throws an ApiError; a 5xx first raises the
 * spec's "API Not Available" toast, a request with no answer what `networkFailure` says. A cancelled request (its signal aborted) rethrows the
 * abort and shows nothing: TanStack Query drops it silently.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  return (await apiRequestWithType(path, schema, options)).data;
}

/** Like `apiRequest`, for the answers whose `type` says what happens next (e.g. a code to confirm a change). */
export async function apiRequestWithType<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<ApiAnswer<z.output<S>>> {
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
    throw wasCancelled(error, options.signal) ? error : networkFailure(method);
  }
  reportAnswer();
  if (response.status >= 500) {
    // The body is not read, so only the signal can say that the caller gave up meanwhile.
    if (options.signal?.aborted) throw abortReason(options.signal);
    throw apiUnavailable(response.status);
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch (error) {
    // A navigation that unmounts the screen (or a newer request) cancels the body mid-read: not an outage.
    throw wasCancelled(error, options.signal) ? error : apiUnavailable(response.status);
  }
  return readApiAnswer(path, response.status, payload, schema);
}
