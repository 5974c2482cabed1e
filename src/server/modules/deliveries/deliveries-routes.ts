import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterFailureBodySchema } from '../../../shared/schemas/dispatch.js';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  bookingBodySchema,
  dashboardSummarySchema,
  deliveriesPageSchema,
  codSummarySchema,
  deliveriesQuerySchema,
  deliveryIdParamsSchema,
  deliverySchema,
} from '../../../shared/schemas/deliveries.js';
import { requireUser } from '../../plugins/auth.js';
import { ok, rendersOwnJson, sendRenderedJson } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { negotiateEncoding } from '../../lib/content-encoding.js';
import type { DeliveriesService } from './deliveries-service.js';
import type { DeliveryReadCache } from './delivery-read-cache.js';

const tags = ['deliveries'];

export function deliveriesRoutes(service: DeliveriesService, readCache: DeliveryReadCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/book-delivery',
      {
        schema: {
          tags,
          summary: 'Book a delivery: priced by the server and locked for 30 minutes, awaiting payment',
          body: bookingBodySchema,
          response: { 201: envelope(deliverySchema) },
        },
      },
      async (request, reply) => {
        const delivery = await service.createBooking(requireUser(request).id, request.body);
        return reply.status(201).send(ok(delivery, SUCCESS_MESSAGES.deliveryBooked));
      },
    );

    app.post(
      '/update-booking/:id',
      {
        schema: {
          tags,
          summary: 'Edit an unpaid booking; the price is recomputed and its lock renewed',
          params: deliveryIdParamsSchema,
          body: bookingBodySchema,
          response: { 200: envelope(deliverySchema) },
        },
      },
      async (request) =>
        ok(await service.updateBooking(requireUser(request).id, request.params.id, request.body), SUCCESS_MESSAGES.bookingUpdated),
    );

    app.get(
      '/deliveries',
      {
        ...rendersOwnJson,
        schema: {
          tags,
          summary: 'My deliveries, newest first; a status group and a date range of booking (from, to: Lagos days, both included)',
          querystring: deliveriesQuerySchema,
          response: { 200: envelope(deliveriesPageSchema) },
        },
      },
      (request, reply) => {
        const userId = requireUser(request).id;
        const rendered = readCache.render(
          userId,
          // Every filter is part of the key: the parsed query's fields, in the schema's order.
          `list:${JSON.stringify(request.query)}`,
          negotiateEncoding(request.headers['accept-encoding']),
          async () => ok(await service.listDeliveries(userId, request.query)),
        );
        return sendRenderedJson(reply, rendered);
      },
    );

    app.get(
      '/deliveries/cod-summary',
      {
        schema: {
          tags,
          summary: 'Pay on delivery: what was settled to my wallet so far, and what receivers paid that awaits hand-over (kobo)',
          response: { 200: envelope(codSummarySchema) },
        },
      },
      async (request) => ok(await service.codSummary(requireUser(request).id)),
    );

    app.get(
      '/deliveries/:id',
      {
        schema: {
          tags,
          summary: 'One of my deliveries',
          params: deliveryIdParamsSchema,
          response: { 200: envelope(deliverySchema) },
        },
      },
      async (request) => ok(await service.getDelivery(requireUser(request).id, request.params.id)),
    );

    app.post(
      '/deliveries/:id/cancel',
      {
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Cancel before pickup; anything paid is refunded to the wallet',
          params: deliveryIdParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(deliverySchema) },
        },
      },
      async (request) =>
        ok(await service.cancelDelivery(requireUser(request).id, request.params.id), SUCCESS_MESSAGES.deliveryCancelled),
    );

    app.post(
      '/deliveries/:id/after-failure',
      {
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'After a failed attempt on your delivery: try again (at most twice: 409 REATTEMPT_LIMIT) or have it returned to you',
          params: deliveryIdParamsSchema,
          body: afterFailureBodySchema,
          response: { 200: envelope(deliverySchema) },
        },
      },
      async (request) =>
        ok(await service.decideOwnAfterFailure(requireUser(request).id, request.params.id, request.body.decision), SUCCESS_MESSAGES.statusUpdated),
    );

    app.get(
      '/dashboard/summary',
      {
        schema: {
          tags,
          summary: 'Dashboard home: stat cards and recent deliveries',
          response: { 200: envelope(dashboardSummarySchema) },
        },
      },
      async (request) => ok(await service.getDashboardSummary(requireUser(request).id)),
    );
  };
}
