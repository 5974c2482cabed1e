import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { trackingParamsSchema, trackingResultSchema } from '../../../shared/schemas/deliveries.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { plainJsonSerializer } from '../../lib/fast-serializer.js';
import type { TrackingService } from './tracking-service.js';

export function trackingRoutes(service: TrackingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tracking/:trackingId',
      {
        ...plainJsonSerializer,
        schema: {
          tags: ['tracking'],
          summary: 'Track one of my deliveries by its tracking id (LF-XXXX-XXXX; case and dashes are forgiven)',
          params: trackingParamsSchema,
          response: { 200: envelope(trackingResultSchema) },
        },
      },
      async (request) => ok(await service.trackDelivery(requireUser(request).id, request.params.trackingId)),
    );
  };
}
