import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deliveryIdParamsSchema } from '../../../shared/schemas/deliveries.js';
import { placesQuerySchema, placesResultSchema } from '../../../shared/schemas/places.js';
import {
  v1AdvanceBodySchema,
  v1DeliveryBodySchema,
  v1DeliveryListQuerySchema,
  v1DeliveryPageSchema,
  v1DeliverySchema,
  v1ErrorSchema,
  v1ProofSchema,
  v1QuoteBodySchema,
  v1QuoteSchema,
  type V1Error,
} from '../../../shared/schemas/merchant-api.js';
import type { ErrorCode } from '../../../shared/errors.js';
import type { FileStorage } from '../../adapters/storage/index.js';
import { AppError, routeNotFound } from '../../lib/app-error.js';
import type { ApiKeyCaller } from '../../lib/api-key-caller.js';
import { API_FIELD_REASONS, errorMessage, fieldMessage, interpolate } from '../../lib/messages.js';
import { messageParamsOf } from '../../plugins/error-handler.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ApiKeysService } from '../api-keys/api-keys-service.js';
import type { MerchantDeliveries } from '../deliveries/merchant-deliveries.js';
import type { PlacesService } from '../places/places-service.js';
import { scopeOf, type MerchantApiService } from './merchant-api-service.js';
import { bearerTokenOf } from '../../lib/bearer-token.js';

const tags = ['merchant API v1'];
const security = [{ bearerAuth: [] }];
/** Every answer may be one of these; the OpenAPI document lists them with the shape of `{ error }`. */
const errorResponses = { 400: v1ErrorSchema, 401: v1ErrorSchema, 404: v1ErrorSchema, 409: v1ErrorSchema, 429: v1ErrorSchema };

interface Deps {
  keys: Pick<ApiKeysService, 'authenticate'>;
  /** 120 requests a minute per key (API_RATE_LIMIT_PER_MINUTE), counted in the shared rate-limit store. */
  limiter: RateLimiter;
  service: MerchantApiService;
  merchantDeliveries: MerchantDeliveries;
  places: Pick<PlacesService, 'search'>;
  storage: Pick<FileStorage, 'get'>;
}

function callerOf(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw new AppError('API_KEY_MISSING');
  return request.apiKey;
}

/** Where the merchant API answers: its failures take its own shape, even those no route of it sees. */
export const V1_PATH_PREFIX = '/api/v1/';

/**
 * The web's failure envelope `{ success: false, code, message, params }` as the API's `{ error: { code, message,
 * params } }`; a body that failed validation also lists every field's problem (`details`), its message naming the first.
 */
export function toV1Error(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  let body: { success?: unknown; code?: unknown; message?: unknown; params?: unknown; details?: unknown };
  try {
    body = JSON.parse(payload) as typeof body;
  } catch {
    return null;
  }
  if (body.success !== false || typeof body.code !== 'string') return null;
  const params = (body.params && typeof body.params === 'object' ? body.params : {}) as Record<string, string | number>;
  const message = typeof body.message === 'string' ? body.message : errorMessage(body.code as ErrorCode);
  const details = body.details && typeof body.details === 'object' ? Object.entries(body.details as Record<string, string[]>) : [];
  const error: V1Error['error'] = {
    code: body.code as ErrorCode,
    message: body.code === 'VALIDATION_FAILED' && typeof params.field === 'string' ? `${params.field}: ${message}` : message,
    params,
    ...(details.length > 0 && { details: details.flatMap(([field, messages]) => messages.map((text) => ({ field, message: text }))) }),
  };
  return JSON.stringify({ error });
}

/**
 * A body that fails its schema: an unknown field is named (UNKNOWN_FIELD); otherwise every field's problem, in
 * English, with the values a choice allows, the first in `params` (field, reason). A choice or a date that was sent
 * but is not valid says so, where the shared schema's message would call it missing.
 */
function validationError(error: FastifyError, body: unknown): AppError {
  type Issue = { keyword?: string; instancePath: string; message?: string; params?: Record<string, unknown> };
  const issues = (error as unknown as { validation: Issue[] }).validation;
  const pathOf = (issue: Issue) => issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const sentValueOf = (issue: Issue) =>
    issue.instancePath
      .split('/')
      .slice(1)
      .reduce<unknown>((node, segment) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[segment] : undefined), body);
  const messageOf = (issue: Issue) => {
    if (sentValueOf(issue) !== undefined) {
      if (issue.keyword === 'invalid_value') return API_FIELD_REASONS.notAllowed;
      if (issue.keyword === 'invalid_format' && issue.params?.format === 'date') return API_FIELD_REASONS.notADate;
    }
    return interpolate(fieldMessage(issue.message ?? ''), messageParamsOf(issue));
  };
  for (const issue of issues) {
    const keys = issue.params?.keys;
    if (Array.isArray(keys) && typeof keys[0] === 'string') {
      const field = [pathOf(issue), keys[0]].filter(Boolean).join('.');
      return new AppError('UNKNOWN_FIELD', { params: { field } });
    }
  }
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const values = issue.params?.values;
    const allowed = Array.isArray(values) && values.length > 0 ? ` (one of: ${values.join(', ')})` : '';
    const reason = `${messageOf(issue)}${allowed}`;
    const messages = (fields[pathOf(issue) || '(body)'] ??= []);
    if (!messages.includes(reason)) messages.push(reason);
  }
  const [field, [reason] = ['']] = Object.entries(fields)[0] ?? ['(body)'];
  return new AppError('VALIDATION_FAILED', { params: { field, reason: reason ?? '' }, fieldTexts: fields });
}

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * The merchant API, under /api/v1 (issue 23): authenticated by `Authorization: Bearer lf_…` only (a session does not
 * reach it, and a key reaches nothing else), limited per key, answering plain resources and `{ error }`.
 */
export function v1Routes({ keys, limiter, service, merchantDeliveries, places, storage }: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.decorateRequest('apiKey', null);

    app.addHook('onRequest', async (request) => {
      // No key (a session cookie alone included) and a key that does not authenticate are told apart; a wrong, a
      // made-up and a revoked key are one answer, so nothing says whether a key ever existed.
      const key = bearerTokenOf(request.headers.authorization);
      if (!key) throw new AppError('API_KEY_MISSING');
      const caller = await keys.authenticate(key);
      if (!caller) throw new AppError('API_KEY_INVALID');
      await limiter.consume(caller.keyId);
      request.apiKey = caller;
      // Whatever the session cookie says, a v1 request acts as the key's owner only.
      request.user = null;
    });

    // Failures are written by the app's error handler as its envelope and reshaped by onSend below, so the error
    // schemas document the shape clients get and are not checked against the envelope on the way out.
    app.setSerializerCompiler((route) =>
      Number(route.httpStatus) >= 400
        ? (data: unknown) => JSON.stringify(data)
        : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]),
    );

    app.setErrorHandler((error: FastifyError, request) => {
      // Thrown on to the app's handler, which writes the envelope that onSend below reshapes.
      throw hasZodFastifySchemaValidationErrors(error) ? validationError(error, request.body) : error;
    });

    app.addHook('onSend', async (_request, reply: FastifyReply, payload) => {
      if (reply.statusCode < 400) return payload;
      return toV1Error(payload) ?? payload;
    });

    app.setNotFoundHandler((request) => {
      throw routeNotFound(request);
    });

    app.post(
      '/quotes',
      {
        config: { public: true },
        schema: {
          tags,
          security,
          summary:
            'Price a trip, as the web does (integer kobo), held for 15 minutes: book it with POST /api/v1/deliveries and a key of the same mode (a test key\'s quote books test deliveries only, a live key\'s live ones only). Pay on delivery (collectOnDelivery) is for live keys only: with a test key it is 403 LIVE_MODE_ONLY here, as at the booking',
          body: v1QuoteBodySchema,
          response: { 201: v1QuoteSchema, 403: v1ErrorSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.status(201).send(await service.quote(callerOf(request), request.body)),
    );

    app.post(
      '/deliveries',
      {
        config: { public: true, idempotent: 'required' },
        schema: {
          tags,
          security,
          summary:
            'Book a quote and pay it from the wallet (a test key: its sandbox money only, which a new account has none of: top up first; a test delivery gets no receipt and counts in no dashboard total). Idempotency-Key is required: a retry with the same key and body gets the first booking again (Idempotent-Replayed: true), never a second one. A refusal books nothing and keeps nothing under the key: 402 INSUFFICIENT_BALANCE carries params.shortfallKobo and leaves the quote, the externalReference and the key free, so after a top-up the same request with the same key books; likewise after a 409 or 410 about the quote you may send a fresh quoteId under the same key. A quote made with a key of the other mode is 409 QUOTE_MODE_MISMATCH',
          headers: z.object({ 'idempotency-key': z.string().max(255).optional().meta({ description: 'Required: a retry with the same key and body gets the first booking again; a refused request (4xx) leaves the key free' }) }),
          body: v1DeliveryBodySchema,
          response: { 201: v1DeliverySchema, 402: v1ErrorSchema, ...errorResponses },
        },
      },
      async (request, reply) => reply.status(201).send(await service.book(callerOf(request), request.body)),
    );

    app.get(
      '/deliveries',
      {
        config: { public: true },
        schema: {
          tags,
          security,
          summary: 'The key\'s deliveries (its mode only), newest first, by externalReference and status; keyset pages (nextCursor)',
          querystring: v1DeliveryListQuerySchema,
          response: { 200: v1DeliveryPageSchema, ...errorResponses },
        },
      },
      async (request) => merchantDeliveries.list(scopeOf(callerOf(request)), request.query),
    );

    app.get(
      '/deliveries/:id',
      {
        config: { public: true },
        schema: { tags, security, summary: 'One delivery (LF…)', params: deliveryIdParamsSchema, response: { 200: v1DeliverySchema, ...errorResponses } },
      },
      async (request) => merchantDeliveries.get(scopeOf(callerOf(request)), request.params.id),
    );

    app.post(
      '/deliveries/:id/cancel',
      {
        config: { public: true },
        schema: {
          tags,
          security,
          summary: 'Cancel before pickup; what was paid goes back to the wallet (sandbox money stays sandbox money)',
          params: deliveryIdParamsSchema,
          response: { 200: v1DeliverySchema, ...errorResponses },
        },
      },
      async (request) => service.cancel(callerOf(request), request.params.id),
    );

    app.get(
      '/deliveries/:id/proof',
      {
        config: { public: true },
        schema: {
          tags,
          security,
          summary: 'The hand-over: when, and the photo the driver took, if any',
          params: deliveryIdParamsSchema,
          response: { 200: v1ProofSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { photoKey: _photoKey, ...proof } = await merchantDeliveries.proof(
          scopeOf(callerOf(request)),
          request.params.id,
          (id) => `/api/v1/deliveries/${id}/proof/photo`,
        );
        return proof;
      },
    );

    app.get(
      '/deliveries/:id/proof/photo',
      {
        config: { public: true },
        schema: { tags, security, summary: 'The hand-over photo (image bytes); 404 when none was taken', params: deliveryIdParamsSchema },
      },
      async (request, reply) => {
        const proof = await merchantDeliveries.proof(scopeOf(callerOf(request)), request.params.id, (id) => id);
        const file = proof.photoKey ? await storage.get(proof.photoKey) : null;
        if (!file || !proof.photoKey) throw new AppError('NOT_FOUND');
        const extension = proof.photoKey.split('.').at(-1)?.toLowerCase() ?? '';
        return reply
          .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
          .header('content-length', String(file.sizeBytes))
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(file.stream);
      },
    );

    app.get(
      '/places',
      {
        config: { public: true },
        schema: {
          tags,
          security,
          summary: 'Search Nigerian states, LGAs, areas and landmarks (at most 20, best first) for a quote\'s pickup and dropoff',
          querystring: placesQuerySchema,
          response: { 200: placesResultSchema, ...errorResponses },
        },
      },
      async (request) => ({ items: await places.search(request.query.q, callerOf(request).keyId) }),
    );

    app.post(
      '/test/deliveries/:id/advance',
      {
        config: { public: true },
        schema: {
          tags,
          security,
          summary:
            'Test keys only (403 TEST_MODE_ONLY with a live key): one move of the real lifecycle, e.g. picked_up, in_transit, out_for_delivery, delivered, failed_attempt, returning, returned',
          params: deliveryIdParamsSchema,
          body: v1AdvanceBodySchema,
          response: { 200: v1DeliverySchema, 403: v1ErrorSchema, ...errorResponses },
        },
      },
      async (request) => merchantDeliveries.advanceTest(scopeOf(callerOf(request)), request.params.id, request.body.to),
    );
  };
}
