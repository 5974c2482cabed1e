import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/errors.js';
import { AppError } from '../lib/app-error.js';

interface ErrorBody {
  success: false;
  data: null;
  message: string;
  code: ErrorCode;
  type?: string;
  details?: Record<string, string[]>;
  params?: Record<string, string | number>;
}

export function errorBody(code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { success: false, data: null, message, code, ...extra };
}

const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'The request body is empty but JSON was declared.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type. Send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'The request body length is invalid.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.options.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send(
          errorBody(error.code, error.message, {
            type: error.options.type,
            details: error.options.details,
            params: error.options.params,
          }),
        );
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const details: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(root)';
        (details[field] ??= []).push(issue.message ?? 'Invalid value.');
      }
      const first = error.validation[0]?.message ?? 'The request is invalid.';
      return reply.status(400).send(errorBody('VALIDATION_FAILED', first, { details }));
    }

    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(error.statusCode ?? 400).send(errorBody(known.code, known.message));
    if (error instanceof SyntaxError) return reply.status(400).send(errorBody('INVALID_JSON', 'The request body is not valid JSON.'));

    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(errorBody('RATE_LIMITED', 'Too many requests. Please try again later.'));
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send(errorBody('BAD_REQUEST', 'The request could not be processed.'));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });

}
