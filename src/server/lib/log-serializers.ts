/**
 * pino's `err` serializer for every logger in the app. Driver and ORM errors carry the statement's parameters and
 * row values (`params`, `parameters`, `detail`, `where`, `internalQuery`, and Drizzle repeats the parameters in its
 * message), which means password hashes, emails, phones and addresses. Only an allow-list of fields is kept, and
 * messages are cut before anything that quotes a value.
 */

const KEPT_FIELDS = ['code', 'statusCode', 'severity', 'routine', 'table', 'column', 'constraint', 'dataType', 'schema'] as const;
const MAX_CAUSES = 5;

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** The message without the values it may quote. */
export function redactErrorMessage(message: string, code?: unknown): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>"; the statement (with $n placeholders) stays.
  let safe = message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');
  // PostgreSQL quotes the offending input at the end: `invalid input syntax for type uuid: "…"`.
  if (typeof code === 'string' && SQLSTATE.test(code)) safe = safe.replace(/: ".*"$/s, ': "[redacted]"');
  return safe;
}

function serializeOne(err: Error & Record<string, unknown>, depth: number): SerializedError {
  const message = redactErrorMessage(String(err.message ?? ''), err.code);
  const type = err.constructor?.name ?? err.name ?? 'Error';
  // The stack starts with "<name>: <original message>"; keep only its frames, after the redacted message.
  const frames = typeof err.stack === 'string' ? err.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const out: SerializedError = { type, message, stack: [`${err.name ?? type}: ${message}`, ...frames].join('\n') };
  for (const field of KEPT_FIELDS) {
    const value = err[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  const cause = err.cause;
  if (cause instanceof Error && depth < MAX_CAUSES) {
    out.cause = serializeOne(cause as Error & Record<string, unknown>, depth + 1);
  }
  return out;
}

export function serializeErrorSafely(err: Error): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  return serializeOne(err as Error & Record<string, unknown>, 0);
}

/** Serializers for pino / Fastify's logger options. */
export const LOG_SERIALIZERS = { err: serializeErrorSafely, error: serializeErrorSafely };
