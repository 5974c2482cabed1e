import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { deliveryIdParamsSchema, deliverySchema } from '../../../shared/schemas/deliveries.js';
import { assignDriverBodySchema, updateStatusBodySchema } from '../../../shared/schemas/dispatch.js';
import { requireRole } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { OPERATOR_ROLE } from '../../../shared/roles.js';
import type { DispatchService } from './dispatch-service.js';

const tags = ['dispatch'];

export function dispatchRoutes(service: DispatchService): FastifyPluginAsyncZod {
  return async (app) => {
    // Before validation, so a customer learns nothing about the body's shape.
    app.addHook('onRequest', async (request) => {
      requireRole(request, OPERATOR_ROLE);
    });

    app.post(
      '/dispatch/deliveries/:id/assign-driver',
      {
        schema: {
          tags,
          summary: 'Operators: assign a driver to a paid delivery',
          params: deliveryIdParamsSchema,
          body: assignDriverBodySchema,
          response: { 200: envelope(deliverySchema) },
        },
      },
      async (request) => ok(await service.assignDriver(request.params.id, request.body), SUCCESS_MESSAGES.driverAssigned),
    );

    app.post(
      '/dispatch/deliveries/:id/status',
      {
        schema: {
          tags,
          summary: 'Operators: move a delivery to its next status',
          params: deliveryIdParamsSchema,
          body: updateStatusBodySchema,
          response: { 200: envelope(deliverySchema) },
        },
      },
      async (request) =>
        ok(await service.updateStatus(request.params.id, request.body.status, request.body.note), SUCCESS_MESSAGES.statusUpdated),
    );
  };
}
