/** The driver error behind a Drizzle error (Drizzle wraps it in `cause`), for both pg and PGlite. */
function driverErrorOf(err: unknown): { code?: string; constraint?: string; message?: string } | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as { code?: string; constraint?: string; message?: string };
    }
    current = candidate.cause;
  }
  return null;
}

/** True when `err` is a unique violation, optionally of the named constraint/index. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const driver = driverErrorOf(err);
  if (driver?.code !== '23505') return false;
  if (!constraint) return true;
  return driver.constraint === constraint || (driver.message ?? '').includes(constraint);
}

/**
 * Data exceptions only the request's own values can cause: bytes PostgreSQL cannot store (22021, 22P05), text that
 * is not of the column's type (22P02), a number out of range (22003), a string longer than its column (22001).
 * Validation should stop them first; these are the safety net, never a reason to skip it.
 */
const INPUT_DATA_ERRORS = new Set(['22021', '22P05', '22P02', '22003', '22001']);

export function isInputDataError(err: unknown): boolean {
  const code = driverErrorOf(err)?.code;
  return code !== undefined && INPUT_DATA_ERRORS.has(code);
}

/** SQLSTATEs of a database that is there but cannot answer now: a statement cancelled by statement_timeout, a server shutting down or starting, no connection slot left. */
const UNAVAILABLE_STATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
/** node-postgres's own messages when it gives up waiting: for an answer, for a connect. */
const DRIVER_GAVE_UP = /Query read timeout|Connection terminated due to connection timeout/;

/** Seconds a client is told to wait (`Retry-After`) after DATABASE_BUSY: the wait was bounded short, so is this. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

/** SQLSTATEs of waiting too long for others: lock_timeout (55P03). */
const BUSY_STATES = new Set(['55P03']);
/** node-postgres's pool when no connection came free within connectionTimeoutMillis. */
const POOL_GAVE_UP = /timeout exceeded when trying to connect/;

function anyMessage(err: unknown, pattern: RegExp): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (pattern.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * True when `err` means the database is fine but this request waited too long for others: for a pooled
 * connection, or for a lock another transaction holds. A 503 DATABASE_BUSY, retryable soon (docs/decisions/050).
 */
export function isDatabaseBusy(err: unknown): boolean {
  const code = driverErrorOf(err)?.code;
  return (code !== undefined && BUSY_STATES.has(code)) || anyMessage(err, POOL_GAVE_UP);
}

/** True when `err` means the database did not answer in time or cannot take work now: a 503, not a 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const driver = driverErrorOf(err);
  if (driver?.code && UNAVAILABLE_STATES.has(driver.code)) return true;
  return anyMessage(err, DRIVER_GAVE_UP);
}
