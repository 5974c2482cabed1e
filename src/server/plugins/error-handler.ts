import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/errors.js';
import type { MessageParams } from '../../shared/message-keys.js';
import { AppError } from '../lib/app-error.js';
import {
  DATABASE_BUSY_RETRY_AFTER_SECONDS,
  isDatabaseBusy,
  isDatabaseUnavailable,
  isInputDataError,
} from '../lib/pg-errors.js';
import { errorMessage, fieldMessage, interpolate } from '../lib/messages.js';

interface ErrorBody {
  success: false;
  data: null;
  message: string;
  code: ErrorCode;
  params?: MessageParams;
  type?: string;
  details?: Record<string, string[]>;
  detailKeys?: Record<string, string[]>;
  /** Per field, the parameters of its first message that has some (`The minimum amount is {{amount}}`). */
  detailParams?: Record<string, MessageParams>;
}

/** The failure envelope: the code, its English from the catalogue, and what the web needs to translate it. */
export function errorBody(code: ErrorCode, params?: MessageParams, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { success: false, data: null, message: errorMessage(code, params), code, ...(params && { params }), ...extra };
}

/** Field messages (keys or a library's own text) as English for API clients, and as keys for the web. */
function fieldsBody(fields: Record<string, readonly string[]>, fieldParams: Record<string, MessageParams> = {}) {
  const details: Record<string, string[]> = {};
  for (const [field, keys] of Object.entries(fields)) details[field] = keys.map((key) => interpolate(fieldMessage(key), fieldParams[field]));
  return {
    details,
    detailKeys: Object.fromEntries(Object.entries(fields).map(([field, keys]) => [field, [...keys]])),
    ...(Object.keys(fieldParams).length > 0 && { detailParams: fieldParams }),
  };
}

/** A custom zod issue's `params` (see amountKoboSchema): plain strings and numbers only. */
export function messageParamsOf(issue: { params?: Record<string, unknown> }): MessageParams | undefined {
  const params = issue.params?.params;
  if (!params || typeof params !== 'object') return undefined;
  const entries = Object.entries(params).filter((entry): entry is [string, string | number] =>
    ['string', 'number'].includes(typeof entry[1]),
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { retryAfterSeconds, type, fields, fieldTexts, params } = error.options;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(error.statusCode).send({
        ...errorBody(error.code, params, { type, ...(fields && fieldsBody(fields)), ...(fieldTexts && { details: fieldTexts }) }),
        message: error.message,
      });
    }

    if (isDatabaseBusy(error)) {
      // Waited too long for a connection or a lock others hold: the rest of the server is fine (docs/decisions/050).
      request.log.warn('database busy: no connection or lock within its bound');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS))
        .send(errorBody('DATABASE_BUSY'));
    }

    if (isDatabaseUnavailable(error)) {
      // Busy or stuck, not broken: the client may retry. The error itself would carry the statement's parameters.
      request.log.warn('database did not answer in time');
      return reply.status(503).header('retry-after', '5').send(errorBody('DATABASE_UNAVAILABLE'));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      const fieldParams: Record<string, MessageParams> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
        const message = issue.message ?? errorMessage('VALIDATION_FAILED');
        const messages = (fields[field] ??= []);
        if (!messages.includes(message)) messages.push(message);
        const params = messageParamsOf(issue);
        if (params) fieldParams[field] ??= params;
      }
      const body = fieldsBody(fields, fieldParams);
      const firstField = Object.keys(body.details)[0];
      return reply.status(400).send({
        ...errorBody('VALIDATION_FAILED', undefined, body),
        ...(firstField && { message: body.details[firstField]![0] }),
      });
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send(errorBody(known));
    if (error instanceof SyntaxError) return reply.status(400).send(errorBody('INVALID_JSON'));

    const status = error.statusCode ?? 500;
    if (status === 429) {
      const seconds = Number(reply.getHeader('retry-after')) || 60;
      return reply.status(429).send(errorBody('RATE_LIMITED', { seconds }));
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send(errorBody('BAD_REQUEST'));
    }

    if (isInputDataError(error)) {
      // A value got past validation that the database refuses: the caller's 400, and a warning so the gap is fixed.
      request.log.warn({ err: error }, 'input reached the database unvalidated');
      return reply.status(400).send(errorBody('VALIDATION_FAILED'));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL'));
  });

}
