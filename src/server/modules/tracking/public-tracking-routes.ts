import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { envelope } from '../../../shared/schemas/common.js';
import {
  publicTrackingPageParamsSchema,
  publicTrackingParamsSchema,
  publicTrackingQuerySchema,
  publicTrackingSchema,
  type PublicTracking,
} from '../../../shared/schemas/public-tracking.js';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';
import { AppError } from '../../lib/app-error.js';
import { ok, rendersOwnJson } from '../../lib/reply.js';
import { negotiateEncoding, type ContentEncoding } from '../../lib/content-encoding.js';
import type { PublicTrackingService } from './public-tracking-service.js';
import { renderNotFoundPage, renderRateLimitedPage, renderTrackingPage } from './public-tracking-page.js';
import { languageFromAcceptLanguage, loadPublicTrackingTexts } from './public-tracking-texts.js';

/** `GET /api/track/{trackingId}`: the public page's data, as JSON (no sign-in). */
export function publicTrackingApiRoutes(service: PublicTrackingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/track/:trackingId',
      {
        config: { public: true },
        schema: {
          tags: ['tracking'],
          summary: 'Public tracking of any delivery by its tracking id: status, timeline, estimate; no private data',
          params: publicTrackingParamsSchema,
          response: { 200: envelope(publicTrackingSchema) },
        },
      },
      async (request) => ok(await service.track(request.params.trackingId, request.ip)),
    );
  };
}

const COMPRESSORS: Record<ContentEncoding, (body: Buffer) => Buffer> = {
  // Quality 5: @fastify/compress's default brotli took about 1.5 ms a page, which alone broke the 20 ms p99.
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};

function encode(html: string, encoding: ContentEncoding | null): Buffer {
  const body = Buffer.from(html);
  return encoding ? COMPRESSORS[encoding](body) : body;
}

/**
 * The receiver's page as sent, per encoding, for as long as its view is the service's current one: the service
 * hands out a new view object after every write to the delivery, so a write drops these with it. Only the page in
 * the receiver's own language is kept (the one the message links to); `?lng=` pages are rendered each time.
 */
const renditions = new WeakMap<PublicTracking, Partial<Record<ContentEncoding | 'identity', Buffer>>>();

function receiverPage(view: PublicTracking, render: () => string, encoding: ContentEncoding | null): Buffer {
  let byEncoding = renditions.get(view);
  if (!byEncoding) renditions.set(view, (byEncoding = {}));
  return (byEncoding[encoding ?? 'identity'] ??= encode(render(), encoding));
}

function sendPage(reply: FastifyReply, status: number, body: Buffer, encoding: ContentEncoding | null) {
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('vary', 'accept-encoding, accept-language')
    .type('text/html; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}

/**
 * `GET /track/{trackingId}`: the receiver's page, server-rendered, outside /api (docs/decisions/037). It speaks
 * `?lng=` when that is one of the eight, else the receiver's language; a page without a delivery (not found,
 * too many lookups) speaks `?lng=` or the browser's language.
 */
export function publicTrackingPage(service: PublicTrackingService): FastifyPluginAsyncZod {
  const texts = loadPublicTrackingTexts();
  return async (app) => {
    app.get(
      '/track/:trackingId',
      {
        // It compresses for itself (and keeps the receiver's page compressed), so @fastify/compress stays off.
        ...rendersOwnJson,
        // Lenient: a malformed id or language is a not-found page or the default language, never a JSON 400.
        schema: { hide: true, params: publicTrackingPageParamsSchema, querystring: publicTrackingQuerySchema },
      },
      async (request, reply) => {
        const asked = isLanguage(request.query.lng) ? request.query.lng : null;
        const path = `/track/${encodeURIComponent(request.params.trackingId)}`;
        const encoding = negotiateEncoding(request.headers['accept-encoding']);
        try {
          const view = await service.track(request.params.trackingId, request.ip);
          const lng = asked ?? view.language;
          // Its language links name the tracking id as issued, however it was typed.
          const render = () => renderTrackingPage(view, lng, texts[lng], `/track/${view.trackingId}`);
          const body = lng === view.language ? receiverPage(view, render, encoding) : encode(render(), encoding);
          return sendPage(reply, 200, body, encoding);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const lng = asked ?? browserLanguage(request);
          if (error.code === 'TRACKING_NOT_FOUND') {
            return sendPage(reply, 404, encode(renderNotFoundPage(lng, texts[lng], path), encoding), encoding);
          }
          if (error.code === 'RATE_LIMITED') {
            const seconds = error.options.retryAfterSeconds;
            if (seconds) reply.header('retry-after', String(seconds));
            return sendPage(reply, 429, encode(renderRateLimitedPage(lng, texts[lng], path), encoding), encoding);
          }
          throw error;
        }
      },
    );
  };
}

function browserLanguage(request: FastifyRequest): Language {
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? FALLBACK_LANGUAGE;
}
