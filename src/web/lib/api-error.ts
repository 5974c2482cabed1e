import type { TFunction } from 'i18next';
import type { ApiEnvelope, ErrorCode } from '@/shared/errors';

/*
 * The API's failures and their translated words, apart from the request code (api-client.ts re-exports them).
 * They belong to the app shell: the router's error screen, on every page, never shows one (the screens that ask
 * the API say what failed, the session guard included), so the landing page does not carry them.
 */

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

  /** No answer because the browser is offline (decision 060): the banner says so; nothing reached the server. */
  readonly offline: boolean;

  constructor(
    readonly status: number,
    envelope: Partial<ApiEnvelope<unknown>> = {},
    { offline = false }: { offline?: boolean } = {},
  ) {
    super(envelope.message ?? `API request failed (${status})`);
    this.name = 'ApiError';
    this.code = envelope.code;
    this.params = envelope.params ?? {};
    this.fieldKeys = envelope.detailKeys ?? {};
    this.fieldParams = envelope.detailParams ?? {};
    this.type = envelope.type;
    this.offline = offline;
  }

  /** A network failure or 5xx: the API client has already said so (a toast, or the offline banner). */
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
  if (error.offline) return t('errors.offline.message');
  if (error.unavailable) return t('errors.apiUnavailable.message');
  const fieldKey = error.firstFieldKey;
  if (fieldKey) return t(fieldKey, error.firstFieldParams);
  if (error.code) return t(`errors.codes.${error.code}`, error.params);
  return fallback ?? t('errors.codes.INTERNAL');
}
