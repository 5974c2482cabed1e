import type { ErrorCode } from '../../shared/errors.js';
import type { MessageParams, ValidationMessageKey } from '../../shared/message-keys.js';
import { errorMessage, fieldMessage } from './messages.js';

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
  MODE_NOT_AVAILABLE: 422,
  ADDRESS_NOT_FOUND: 404,
  ADDRESS_LIMIT: 409,
  QUOTE_NOT_FOUND: 404,
  QUOTE_EXPIRED: 410,
  QUOTE_USED: 409,
};

export interface AppErrorOptions {
  /** Named values of the code's catalogue message (`{{seconds}}`); sent to the web as `params`. */
  params?: MessageParams;
  /** Per field, the message keys of what is wrong (shared schemas' keys); sent as English and as keys. */
  fields?: Record<string, ValidationMessageKey[]>;
  retryAfterSeconds?: number;
  type?: string;
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
    super(code === 'VALIDATION_FAILED' && firstField ? fieldMessage(firstField) : errorMessage(code, options.params));
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}
