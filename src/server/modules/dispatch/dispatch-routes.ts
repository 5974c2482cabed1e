import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import { deliveryIdParamsSchema } from '../../../shared/schemas/deliveries.js';
import {
  afterFailureBodySchema,
  assignDriverBodySchema,
  dispatchDeliveriesPageSchema,
  dispatchDeliveriesQuerySchema,
  dispatchDeliverySchema,
  dispatchDriversQuerySchema,
  dispatchSearchQuerySchema,
  dispatchSearchResultSchema,
  driverSchema,
  operatorHomeSummarySchema,
  operatorCompleteBodySchema,
  updateStatusBodySchema,
} from '../../../shared/schemas/dispatch.js';
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

    app.get(
      '/dispatch/summary',
      {
        schema: {
          tags,
          summary:
            "Operators: the home's counts: the board's unassigned, active and needs-a-decision deliveries, applications waiting for a decision, withdrawals waiting to be paid (each counted up to 1,000)",
          response: { 200: envelope(operatorHomeSummarySchema) },
        },
      },
      async () => ok(await service.summary()),
    );

    app.get(
      '/dispatch/deliveries',
      {
        schema: {
          tags,
          summary: "Operators: the dispatch board (paid deliveries by filter, with driver and history); a date range (from, to: Lagos days) on the tab's own date",
          querystring: dispatchDeliveriesQuerySchema,
          response: { 200: envelope(dispatchDeliveriesPageSchema) },
        },
      },
      async (request) => ok(await service.listDeliveries(request.query)),
    );

    app.get(
      '/dispatch/deliveries/search',
      {
        schema: {
          tags,
          summary:
            "Operators: find a paid delivery on the board by its delivery id or tracking id (any tab), or part of a receiver's name or phone within the tab and date range (at most 50)",
          querystring: dispatchSearchQuerySchema,
          response: { 200: envelope(dispatchSearchResultSchema) },
        },
      },
      async (request) => ok(await service.searchDeliveries(request.query)),
    );

    app.get(
      '/dispatch/drivers',
      {
        schema: {
          tags,
          summary: "Operators: drivers whose vehicle suits a transport mode (without one, every driver), with rating and active jobs",
          querystring: dispatchDriversQuerySchema,
          response: { 200: envelope(z.array(driverSchema)) },
        },
      },
      async (request) => ok(await service.listDrivers(request.query.transportMode)),
    );

    app.post(
      '/dispatch/deliveries/:id/assign-driver',
      {
        // A retry after a lost answer gets the first answer again, and sends the receiver nothing twice.
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Operators: assign or reassign a driver (the receiver gets the handover code at pickup, decision 077)',
          params: deliveryIdParamsSchema,
          body: assignDriverBodySchema,
          response: { 200: envelope(dispatchDeliverySchema) },
        },
      },
      async (request) => ok(await service.assignDriver(request.params.id, request.body), SUCCESS_MESSAGES.driverAssigned),
    );

    app.post(
      '/dispatch/deliveries/:id/status',
      {
        // A retry after a lost answer gets the first answer again, and sends the receiver nothing twice.
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Operators: move a delivery one step on the road (delivered needs …/complete)',
          params: deliveryIdParamsSchema,
          body: updateStatusBodySchema,
          response: { 200: envelope(dispatchDeliverySchema) },
        },
      },
      async (request) =>
        ok(await service.updateStatus(request.params.id, request.body.status, request.body.note), SUCCESS_MESSAGES.statusUpdated),
    );

    app.post(
      '/dispatch/deliveries/:id/after-failure',
      {
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Operators: after a failed attempt, try again (at most twice: 409 REATTEMPT_LIMIT) or return it to the shipper',
          params: deliveryIdParamsSchema,
          body: afterFailureBodySchema,
          response: { 200: envelope(dispatchDeliverySchema) },
        },
      },
      async (request) => ok(await service.decideAfterFailure(request.params.id, request.body.decision), SUCCESS_MESSAGES.statusUpdated),
    );

    app.post(
      '/dispatch/deliveries/:id/complete',
      {
        // A retry after a lost answer gets the first answer again, and sends the receiver nothing twice.
        config: { idempotent: true },
        schema: {
          tags,
          summary: "Operators: complete a delivery that is out for delivery without the receiver's code, with a note",
          params: deliveryIdParamsSchema,
          body: operatorCompleteBodySchema,
          response: { 200: envelope(dispatchDeliverySchema) },
        },
      },
      async (request) => ok(await service.complete(request.params.id, request.body.note), SUCCESS_MESSAGES.deliveryCompleted),
    );
  };
}
