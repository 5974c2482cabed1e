import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { deliveryIdParamsSchema } from '../../../shared/schemas/deliveries.js';
import { deliveryRatingSchema, rateDeliveryBodySchema } from '../../../shared/schemas/dispatch.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { ok } from '../../lib/reply.js';
import { requireUser } from '../../plugins/auth.js';
import type { DriversService } from './drivers-service.js';

export function ratingsRoutes(drivers: Pick<DriversService, 'rateDelivery'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/deliveries/:id/rating',
      {
        schema: {
          tags: ['deliveries'],
          summary: "Rate the driver of my delivered delivery, 1–5 stars with an optional comment (once)",
          params: deliveryIdParamsSchema,
          body: rateDeliveryBodySchema,
          response: { 201: envelope(deliveryRatingSchema) },
        },
      },
      async (request, reply) => {
        const rating = await drivers.rateDelivery(requireUser(request).id, request.params.id, request.body);
        return reply.code(201).send(ok(rating, SUCCESS_MESSAGES.deliveryRated));
      },
    );
  };
}
