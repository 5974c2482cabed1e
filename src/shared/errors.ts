/**
 * Stable error codes. The server sends `code` with every failure; the web translates `errors.<code>`
 * and falls back to the server's English `message`.
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
  'DELIVERY_NOT_FOUND',
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
  'INVALID_TRACKING_ID',
  'INVALID_STATUS_TRANSITION',
  // Uploads, payouts and idempotency keys (docs/decisions/024, 025).
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  'PAYOUT_ACCOUNT_REJECTED',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  // Wallet top-ups, withdrawals and step-up (docs/decisions/027, 028).
  'WITHDRAWAL_INSUFFICIENT_BALANCE',
  'WITHDRAWAL_NOT_FOUND',
  'WITHDRAWAL_NOT_PENDING',
  'WITHDRAWAL_SETTLED_BY_GATEWAY',
  'REAUTH_REQUIRED',
  'PASSWORD_INCORRECT',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiEnvelope<T> {
  success: boolean;
  data: T | null;
  message: string;
  type?: string;
  code?: ErrorCode;
  details?: Record<string, string[]>;
  /** Named values for the code's message (`errors.codes.<CODE>` interpolates them). */
  params?: Record<string, string | number>;
}
