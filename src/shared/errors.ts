/**
 * Stable error codes. The server sends `code` (and `params`) with every failure; the web shows
 * `t('errors.codes.<code>', params)`. The English of each is in src/server/lib/messages.ts (decision 022).
 */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
  'DATABASE_UNAVAILABLE',
  // Waiting for a database connection, a write slot or a lock took too long (docs/decisions/050).
  'DATABASE_BUSY',
  'IDENTIFIER_TAKEN',
  'INVALID_CREDENTIALS',
  'ACCOUNT_UNVERIFIED',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'CODE_ATTEMPTS_EXCEEDED',
  'RESEND_TOO_SOON',
  'RESEND_LIMIT_REACHED',
  'ALREADY_VERIFIED',
  'INVALID_RESET_TOKEN',
  'PASSWORD_TOO_COMMON',
  'INVALID_PHONE',
  'ACCOUNT_LOCKED',
  'CODE_BUDGET_EXCEEDED',
  'CURRENT_PASSWORD_INCORRECT',
  'DELIVERY_NOT_FOUND',
  'DRIVER_NOT_FOUND',
  'DRIVER_OFF_DUTY',
  'JOB_NO_LONGER_ASSIGNED',
  'WITHDRAWAL_TEST_MONEY',
  'DELIVERY_NOT_EDITABLE',
  'PRICE_EXPIRED',
  'INSUFFICIENT_BALANCE',
  'ALREADY_PAID',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_FAILED',
  'PAYMENT_AMOUNT_MISMATCH',
  'INVALID_SIGNATURE',
  'TRACKING_NOT_FOUND',
  'DELIVERY_NOT_CANCELLABLE',
  'GATEWAY_UNAVAILABLE',
  'DELIVERY_NOT_PAYABLE',
  'PAYMENT_PENDING',
  'PAYMENT_CREDITED_TO_WALLET',
  'INVALID_TRACKING_ID',
  'INVALID_STATUS_TRANSITION',
  'REATTEMPT_LIMIT',
  // Pay on delivery (decision 053): the receiver has not paid yet; the pay link is dead (the delivery ended).
  'COD_UNPAID',
  'COD_AMOUNT_INVALID',
  'PAY_LINK_EXPIRED',
  'NOT_PAY_ON_DELIVERY',
  // Uploads, payouts and idempotency keys (docs/decisions/024, 025).
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  // A document with active content: HTML, PDF JavaScript (docs/decisions/045).
  'FILE_UNSAFE',
  'PAYOUT_ACCOUNT_REJECTED',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'CSRF_REJECTED',
  // Settings: profile picture upload (docs/decisions/030).
  'FILE_REQUIRED',
  // The live stream (docs/decisions/026).
  'INVALID_EVENT_ID',
  'LIVE_CONNECTIONS_EXCEEDED',
  // Wallet top-ups, withdrawals and step-up (docs/decisions/027, 028).
  'WITHDRAWAL_INSUFFICIENT_BALANCE',
  'WITHDRAWAL_NOT_FOUND',
  'WITHDRAWAL_NOT_PENDING',
  'WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT',
  'PAYOUTS_NOT_CONFIGURED',
  'WITHDRAWAL_SETTLED_BY_GATEWAY',
  'REAUTH_REQUIRED',
  'PASSWORD_INCORRECT',
  // Partner applications (docs/decisions/032).
  'APPLICATION_ALREADY_OPEN',
  'APPLICATION_NOT_FOUND',
  'APPLICATION_ALREADY_DECIDED',
  // Dispatch, the driver's handover and ratings (docs/decisions/034).
  'DRIVER_NOT_ASSIGNED',
  'HANDOVER_REQUIRED',
  'HANDOVER_CODE_INVALID',
  'HANDOVER_LOCKED',
  'DELIVERY_NOT_RATABLE',
  'ALREADY_RATED',
  'DRIVER_VEHICLE_UNSUITABLE',
  // Places, the address book, quotes (docs/decisions/043).
  'LOCATION_NOT_FOUND',
  'OUTSIDE_SERVICE_AREA',
  'SAME_PICKUP_AND_DROPOFF',
  'DELIVERY_DATE_OUT_OF_RANGE',
  'DELIVERY_SCHEDULE_UNAVAILABLE',
  'MODE_NOT_AVAILABLE',
  'ADDRESS_NOT_FOUND',
  'ADDRESS_LIMIT',
  'QUOTE_NOT_FOUND',
  'QUOTE_EXPIRED',
  'QUOTE_USED',
  // A merchant API quote books in its key's mode only (docs/decisions/076).
  'QUOTE_MODE_MISMATCH',
  // Keyset paging (docs/decisions/049).
  'INVALID_CURSOR',
  // The merchant API: keys, required idempotency keys, test mode, strict bodies (issue 23).
  'API_KEY_NOT_FOUND',
  'API_KEY_LIMIT',
  'API_KEY_NOT_ALLOWED',
  'IDEMPOTENCY_KEY_REQUIRED',
  'TEST_MODE_ONLY',
  'EXTERNAL_REFERENCE_TAKEN',
  'UNKNOWN_FIELD',
  'LIVE_MODE_ONLY',
  // /api/v1 without an API key, and with one that is not valid (docs/decisions/091).
  'API_KEY_MISSING',
  'API_KEY_INVALID',
  // Webhooks (docs/decisions/054).
  'WEBHOOK_ENDPOINT_NOT_FOUND',
  'WEBHOOK_EVENT_NOT_FOUND',
  'WEBHOOK_ENDPOINT_LIMIT',
  'WEBHOOK_ENDPOINT_DISABLED',
  'WEBHOOK_URL_NOT_HTTPS',
  'WEBHOOK_URL_FORBIDDEN',
  'WEBHOOK_URL_UNRESOLVABLE',
  'WEBHOOKS_NOT_CONFIGURED',
  // Bulk import (issue 23, docs/decisions/055).
  'IMPORT_NOT_FOUND',
  'IMPORT_EMPTY',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_NOT_UTF8',
  'IMPORT_MALFORMED',
  'IMPORT_HEADER_INVALID',
  'IMPORT_NOT_READY',
  'IMPORT_PRICES_CHANGED',
  'IMPORT_INSUFFICIENT_BALANCE',
  // Account deletion (docs/decisions/059): what must be settled before an account can close.
  'ACCOUNT_HAS_ACTIVE_DELIVERIES',
  'ACCOUNT_HAS_PENDING_WITHDRAWAL',
  'ACCOUNT_HAS_DEBT',
  'ACCOUNT_HAS_BALANCE',
  'OPERATOR_ACCOUNT_NOT_DELETABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiEnvelope<T> {
  success: boolean;
  data: T | null;
  message: string;
  type?: string;
  code?: ErrorCode;
  /** Named values of the code's message, e.g. `{ seconds: 42 }`. */
  params?: Record<string, string | number>;
  /** Per field: the English messages, for API clients. */
  details?: Record<string, string[]>;
  /** Per field: the same messages as i18n keys, for the web. */
  detailKeys?: Record<string, string[]>;
  /** Per field: the parameters of its message, when it has some. */
  detailParams?: Record<string, Record<string, string | number>>;
}
