import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INPUT_MESSAGE_KEYS, type ValidationMessageKey } from '../../shared/message-keys.js';
import { MAX_INPUT_DEPTH } from '../../shared/rule-limits.js';
import { AppError } from '../lib/app-error.js';


// NUL cannot be stored in a PostgreSQL text value, and an unpaired surrogate is not UTF-8 at all: both would reach
// the database as an error (22021, 22P05) instead of a clear answer to the caller.
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MESSAGES = INPUT_MESSAGE_KEYS;

type Problem = { field: string; message: ValidationMessageKey };

function fieldName(location: string, path: readonly (string | number)[]) {
  return path.length === 0 ? location : path.join('.');
}

/** The first string (value or key) that cannot be stored, or the first value nested too deep. */
export function findUnacceptableInput(value: unknown, location: string): Problem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE.test(current)) return { field: fieldName(location, path), message: MESSAGES.unstorable };
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { field: fieldName(location, path), message: MESSAGES.tooDeep };
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (UNSTORABLE.test(key)) return { field: fieldName(location, path), message: MESSAGES.unstorable };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

/**
 * One guard for every route, ahead of each route's own schema: no string in the path, query or body may hold NUL
 * or a lone surrogate, and no body may nest deeper than any API needs. A route added later is covered without
 * anyone remembering to.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const problem =
      findUnacceptableInput(request.params, 'params') ??
      findUnacceptableInput(request.query, 'query') ??
      findUnacceptableInput(request.body, 'body');
    if (!problem) return done();
    done(new AppError('VALIDATION_FAILED', { fields: { [problem.field]: [problem.message] } }));
  });
}
