import type { ErrorCode } from '../../shared/errors.js';
import type { MessageParams, ValidationMessageKey } from '../../shared/message-keys.js';
import { errorMessage, fieldMessage, interpolate } from './messages.js';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  DATABASE_BUSY: 503,
  IDENTIFIER_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_UNVERIFIED: 403,
  INVALID_CODE: 400,
  CODE_EXPIRED: 400,
  CODE_ATTEMPTS_EXCEEDED: 400,
  RESEND_TOO_SOON: 429,
  RESEND_LIMIT_REACHED: 429,
  ALREADY_VERIFIED: 409,
  INVALID_RESET_TOKEN: 400,
  PASSWORD_TOO_COMMON: 400,
  INVALID_PHONE: 400,
  ACCOUNT_LOCKED: 423,
  CODE_BUDGET_EXCEEDED: 429,
  CURRENT_PASSWORD_INCORRECT: 400,
  DELIVERY_NOT_FOUND: 404,
  DRIVER_NOT_FOUND: 404,
  DRIVER_OFF_DUTY: 409,
  JOB_NO_LONGER_ASSIGNED: 409,
  WITHDRAWAL_TEST_MONEY: 402,
  DELIVERY_NOT_EDITABLE: 409,
  PRICE_EXPIRED: 409,
  INSUFFICIENT_BALANCE: 402,
  ALREADY_PAID: 409,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_FAILED: 402,
  PAYMENT_AMOUNT_MISMATCH: 409,
  INVALID_SIGNATURE: 401,
  TRACKING_NOT_FOUND: 404,
  DELIVERY_NOT_CANCELLABLE: 409,
  GATEWAY_UNAVAILABLE: 503,
  DELIVERY_NOT_PAYABLE: 409,
  PAYMENT_PENDING: 409,
  PAYMENT_CREDITED_TO_WALLET: 409,
  INVALID_TRACKING_ID: 400,
  INVALID_STATUS_TRANSITION: 409,
  REATTEMPT_LIMIT: 409,
  COD_UNPAID: 409,
  COD_AMOUNT_INVALID: 422,
  PAY_LINK_EXPIRED: 410,
  NOT_PAY_ON_DELIVERY: 409,
  FILE_TYPE_NOT_ALLOWED: 415,
  FILE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 422,
  IMAGE_UNREADABLE: 422,
  FILE_UNSAFE: 422,
  PAYOUT_ACCOUNT_REJECTED: 422,
  IDEMPOTENCY_KEY_INVALID: 400,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_PROGRESS: 409,
  CSRF_REJECTED: 403,
  FILE_REQUIRED: 400,
  INVALID_EVENT_ID: 400,
  INVALID_CURSOR: 400,
  LIVE_CONNECTIONS_EXCEEDED: 429,
  WITHDRAWAL_INSUFFICIENT_BALANCE: 402,
  WITHDRAWAL_NOT_FOUND: 404,
  WITHDRAWAL_NOT_PENDING: 409,
  WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT: 409,
  PAYOUTS_NOT_CONFIGURED: 503,
  WITHDRAWAL_SETTLED_BY_GATEWAY: 409,
  REAUTH_REQUIRED: 403,
  PASSWORD_INCORRECT: 403,
  APPLICATION_ALREADY_OPEN: 409,
  APPLICATION_NOT_FOUND: 404,
  APPLICATION_ALREADY_DECIDED: 409,
  DRIVER_NOT_ASSIGNED: 409,
  HANDOVER_REQUIRED: 409,
  HANDOVER_CODE_INVALID: 422,
  HANDOVER_LOCKED: 423,
  DELIVERY_NOT_RATABLE: 409,
  ALREADY_RATED: 409,
  DRIVER_VEHICLE_UNSUITABLE: 409,
  LOCATION_NOT_FOUND: 422,
  OUTSIDE_SERVICE_AREA: 422,
  SAME_PICKUP_AND_DROPOFF: 422,
  DELIVERY_DATE_OUT_OF_RANGE: 422,
  DELIVERY_SCHEDULE_UNAVAILABLE: 422,
  MODE_NOT_AVAILABLE: 422,
  ADDRESS_NOT_FOUND: 404,
  ADDRESS_LIMIT: 409,
  QUOTE_NOT_FOUND: 404,
  QUOTE_EXPIRED: 410,
  QUOTE_USED: 409,
  QUOTE_MODE_MISMATCH: 409,
  API_KEY_NOT_FOUND: 404,
  API_KEY_LIMIT: 409,
  API_KEY_NOT_ALLOWED: 403,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  TEST_MODE_ONLY: 403,
  EXTERNAL_REFERENCE_TAKEN: 409,
  UNKNOWN_FIELD: 400,
  LIVE_MODE_ONLY: 403,
  API_KEY_MISSING: 401,
  API_KEY_INVALID: 401,
  WEBHOOK_ENDPOINT_NOT_FOUND: 404,
  WEBHOOK_EVENT_NOT_FOUND: 404,
  WEBHOOK_ENDPOINT_LIMIT: 409,
  WEBHOOK_ENDPOINT_DISABLED: 409,
  WEBHOOK_URL_NOT_HTTPS: 422,
  WEBHOOK_URL_FORBIDDEN: 422,
  WEBHOOK_URL_UNRESOLVABLE: 422,
  WEBHOOKS_NOT_CONFIGURED: 503,
  IMPORT_NOT_FOUND: 404,
  IMPORT_EMPTY: 422,
  IMPORT_TOO_MANY_ROWS: 422,
  IMPORT_NOT_UTF8: 422,
  IMPORT_MALFORMED: 422,
  IMPORT_HEADER_INVALID: 422,
  IMPORT_NOT_READY: 409,
  IMPORT_PRICES_CHANGED: 409,
  IMPORT_INSUFFICIENT_BALANCE: 402,
  ACCOUNT_HAS_ACTIVE_DELIVERIES: 409,
  ACCOUNT_HAS_PENDING_WITHDRAWAL: 409,
  ACCOUNT_HAS_DEBT: 409,
  ACCOUNT_HAS_BALANCE: 409,
  OPERATOR_ACCOUNT_NOT_DELETABLE: 409,
};

export interface AppErrorOptions {
  /** Named values of the code's catalogue message (`{{seconds}}`); sent to the web as `params`. */
  params?: MessageParams;
  /** Per field, the message keys of what is wrong (shared schemas' keys); sent as English and as keys. */
  fields?: Record<string, ValidationMessageKey[]>;
  /** Per field, what is wrong in English already (the v1 API's reasons, which name the values allowed): `details` only. */
  fieldTexts?: Record<string, string[]>;
  retryAfterSeconds?: number;
  type?: string;
  /**
   * The refusal itself changed something that must not happen twice (a wrong hand-over code was counted), so an
   * idempotent retry gets this answer again instead of running again (docs/decisions/091). Other refusals change
   * nothing and leave their Idempotency-Key free.
   */
  recorded?: boolean;
}

/** 404 for a path or method nothing answers here, naming both (its message needs them). */
export function routeNotFound(request: { method: string; url: string }): AppError {
  return new AppError('ROUTE_NOT_FOUND', { params: { method: request.method, path: request.url.split('?')[0] ?? '' } });
}

/**
 * A failure with a stable code. Its English comes from the catalogue: the code's message, or for a
 * VALIDATION_FAILED with fields, the first field's message (what the spec shows).
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    const firstField = Object.values(options.fields ?? {})[0]?.[0];
    const firstText = Object.values(options.fieldTexts ?? {})[0]?.[0];
    const fieldText = firstField ? interpolate(fieldMessage(firstField), options.params) : firstText;
    super(code === 'VALIDATION_FAILED' && fieldText ? fieldText : errorMessage(code, options.params));
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
