import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import type {} from '../lib/api-key-caller.js';
import { createIdempotencyRepository, type IdempotencyScope } from './idempotency-repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Accept an `Idempotency-Key` header: a retry with the same key and body gets the first answer again. `required`:
     * a request without one is refused (400 IDEMPOTENCY_KEY_REQUIRED), as the merchant API's bookings are.
     */
    idempotent?: boolean | 'required';
  }
  interface FastifyRequest {
    /** The idempotency row this request holds, until its answer is stored. */
    idempotencyClaim: string | null;
    /** The request was refused after it had changed something (AppError `recorded`): its answer is kept. */
    idempotencyRefusalRecorded: boolean;
  }
}

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/** Twice the server's request timeout: a hold older than this belongs to a request that died. */
export const IDEMPOTENCY_ABANDONED_AFTER_MS = 60_000;
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** JSON with object keys sorted at every depth, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('base64'));
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

function requestHashOf(request: FastifyRequest): string {
  const body = typeof request.body === 'string' ? { text: request.body } : request.body;
  const canonical = canonicalJson({ params: request.params ?? {}, query: request.query ?? {}, body: body ?? null });
  return createHash('sha256').update(canonical).digest('hex');
}

function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new AppError('IDEMPOTENCY_KEY_INVALID');
  }
  return header;
}

/**
 * Idempotency keys for the routes that opt in with `config: { idempotent: true }` (docs/decisions/025). Register in
 * the same scope as, and after, `registerAuthentication`: keys are scoped to the signed-in user and the route.
 *
 * - first use: the request runs; its answer is stored when it changed something: a 2xx, or a refusal that was itself
 *   recorded (AppError `recorded`). Any other refusal (4xx) or failure (5xx) changed nothing, so the key is released
 *   and the same request runs again, judged on the state of then (docs/decisions/091);
 * - same key, same body (canonical JSON): the stored answer, with `Idempotent-Replayed: true`;
 * - same key, another body: 409 IDEMPOTENCY_KEY_REUSED;
 * - same key while the first is still running: 409 IDEMPOTENCY_KEY_IN_PROGRESS with Retry-After (no waiting);
 * - keys expire after 24 hours.
 */
export function registerIdempotency(scope: FastifyInstance, options: { db: Executor; now?: () => Date }) {
  const repository = createIdempotencyRepository(options.db);
  const now = options.now ?? (() => new Date());

  scope.decorateRequest('idempotencyClaim', null);
  scope.decorateRequest('idempotencyRefusalRecorded', false);

  async function claim(request: FastifyRequest, reply: FastifyReply, key: string, userId: string) {
    // A test key and a live key of one account are two scopes: the same key in each is two different requests.
    const mode = request.apiKey ? ` (${request.apiKey.mode})` : '';
    const idempotency: IdempotencyScope = { userId, route: `${request.method} ${request.routeOptions.url}${mode}`, key };
    const requestHash = requestHashOf(request);
    // Two rounds: a row that expires or vanishes under us is retried once, then treated as busy.
    for (let round = 0; round < 2; round++) {
      const at = now();
      const claimed = await repository.insertClaim(
        idempotency,
        requestHash,
        at,
        new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS),
      );
      if (claimed) {
        request.idempotencyClaim = claimed;
        return;
      }
      const existing = await repository.findByScope(idempotency);
      if (!existing) continue;
      if (existing.expiresAt.getTime() <= at.getTime()) {
        await repository.deleteIfExpired(existing.id, at);
        continue;
      }
      if (existing.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      if (existing.status === 'completed' && existing.responseStatus !== null && existing.responseBody !== null) {
        reply.code(existing.responseStatus).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        if (existing.responseContentType) reply.type(existing.responseContentType);
        return reply.send(existing.responseBody);
      }
      const cutoff = new Date(at.getTime() - IDEMPOTENCY_ABANDONED_AFTER_MS);
      if (existing.lockedAt <= cutoff && (await repository.takeOverAbandoned(existing.id, cutoff, at))) {
        request.idempotencyClaim = existing.id;
        return;
      }
      break;
    }
    throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', {
      retryAfterSeconds: 1,
    });
  }

  scope.addHook('preHandler', async (request, reply) => {
    const idempotent = request.routeOptions.config.idempotent;
    if (idempotent !== true && idempotent !== 'required') return;
    const key = keyOf(request);
    if (key === null && idempotent === 'required') throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    // Keys are scoped to the signed-in user, or to the owner of the API key that calls.
    const ownerId = request.user?.id ?? request.apiKey?.userId;
    if (key === null || !ownerId) return;
    return claim(request, reply, key, ownerId);
  });

  scope.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && error.options.recorded) request.idempotencyRefusalRecorded = true;
  });

  // A context hook runs before per-route onSend hooks such as @fastify/compress's, so it sees the serialized body.
  scope.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (id === null) return payload;
    request.idempotencyClaim = null;
    // Streams, and bodies a route compressed itself, cannot be replayed as text.
    const storable =
      (typeof payload === 'string' || Buffer.isBuffer(payload)) && reply.getHeader('content-encoding') === undefined;
    // Stripe keeps an answer once the endpoint began to act; here a refusal rolls its transaction back, so only an
    // answer that left something behind is kept: a refusal the client can fix (a top-up, a fresh quote) stays retryable.
    const changedSomething = reply.statusCode < 400 || (reply.statusCode < 500 && request.idempotencyRefusalRecorded);
    try {
      if (!changedSomething || !storable) {
        await repository.release(id);
      } else {
        const contentType = reply.getHeader('content-type');
        await repository.complete(id, {
          status: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body: Buffer.isBuffer(payload) ? payload.toString('utf8') : payload,
        });
      }
    } catch (error) {
      // The answer still goes out; the hold lapses after IDEMPOTENCY_ABANDONED_AFTER_MS.
      request.log.warn({ err: error }, 'could not record the idempotent response');
    }
    return payload;
  });

  const purge = setInterval(() => {
    repository.deleteExpired(now()).catch((error: unknown) => scope.log.warn({ err: error }, 'idempotency key purge failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  scope.addHook('onClose', async () => clearInterval(purge));
}

/** Deletes expired keys; returns how many. The plugin also does this hourly. */
export function purgeExpiredIdempotencyKeys(db: Executor, at = new Date()): Promise<number> {
  return createIdempotencyRepository(db).deleteExpired(at);
}
