import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { trackingParamsSchema, trackingResultSchema } from '../../../shared/schemas/deliveries.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, rendersOwnJson, sendRenderedJson } from '../../lib/reply.js';
import { negotiateEncoding } from '../../lib/content-encoding.js';
import type { TrackingService } from './tracking-service.js';
import type { DeliveryReadCache } from '../deliveries/delivery-read-cache.js';

export function trackingRoutes(service: TrackingService, readCache: DeliveryReadCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/tracking/:trackingId',
      {
        ...rendersOwnJson,
        schema: {
          tags: ['tracking'],
          summary: 'Track one of my deliveries by its tracking id (LF-XXXX-XXXX; case and dashes are forgiven)',
          params: trackingParamsSchema,
          response: { 200: envelope(trackingResultSchema) },
        },
      },
      (request, reply) => {
        const userId = requireUser(request).id;
        const { trackingId } = request.params;
        const rendered = readCache.render(
          userId,
          `tracking:${trackingId}`,
          negotiateEncoding(request.headers['accept-encoding']),
          async () => ok(await service.trackDelivery(userId, trackingId)),
        );
        return sendRenderedJson(reply, rendered);
      },
    );
  };
}
