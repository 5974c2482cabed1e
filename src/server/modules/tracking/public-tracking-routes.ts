import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from '../../../shared/schemas/common.js';
import {
  publicTrackingPageParamsSchema,
  publicTrackingParamsSchema,
  publicTrackingQuerySchema,
  publicTrackingSchema,
} from '../../../shared/schemas/public-tracking.js';
import { FALLBACK_LANGUAGE, isLanguage, type Language } from '../../../shared/i18n.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
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

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
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
        // Lenient: a malformed id or language is a not-found page or the default language, never a JSON 400.
        schema: { hide: true, params: publicTrackingPageParamsSchema, querystring: publicTrackingQuerySchema },
      },
      async (request, reply) => {
        const asked = isLanguage(request.query.lng) ? request.query.lng : null;
        const path = `/track/${encodeURIComponent(request.params.trackingId)}`;
        try {
          const view = await service.track(request.params.trackingId, request.ip);
          const lng = asked ?? view.language;
          return sendPage(reply, 200, renderTrackingPage(view, lng, texts[lng], path));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const lng = asked ?? browserLanguage(request);
          if (error.code === 'TRACKING_NOT_FOUND') return sendPage(reply, 404, renderNotFoundPage(lng, texts[lng], path));
          if (error.code === 'RATE_LIMITED') {
            const seconds = error.options.retryAfterSeconds;
            if (seconds) reply.header('retry-after', String(seconds));
            return sendPage(reply, 429, renderRateLimitedPage(lng, texts[lng], path));
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
