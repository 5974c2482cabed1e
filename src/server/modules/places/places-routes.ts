import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { placesQuerySchema, placesResultSchema } from '../../../shared/schemas/places.js';
import { ok } from '../../lib/reply.js';
import type { PlacesService } from './places-service.js';

export function placesRoutes(places: PlacesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/places',
      {
        config: { public: true },
        schema: {
          tags: ['places'],
          summary: 'Search Nigerian states, LGAs, areas and landmarks (at most 20, best first); rate-limited per IP',
          querystring: placesQuerySchema,
          response: { 200: envelope(placesResultSchema) },
        },
      },
      async (request) => ok({ items: await places.search(request.query.q, request.ip) }),
    );
  };
}
