import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { deliveriesExportQuerySchema, deliverySearchQuerySchema, deliverySearchResultSchema } from '../../../shared/schemas/deliveries.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { DeliveryToolsService } from './delivery-tools-service.js';

const tags = ['deliveries'];
const security: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

/** My Deliveries' search and CSV export (decision 052). */
export function deliveryToolsRoutes(tools: DeliveryToolsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/deliveries/search',
      {
        schema: {
          tags,
          summary: 'Search my deliveries: a delivery id or tracking id, or part of a receiver name or phone (at most 50)',
          security,
          querystring: deliverySearchQuerySchema,
          response: { 200: envelope(deliverySearchResultSchema) },
        },
      },
      async (request) => ok(await tools.searchDeliveries(requireUser(request).id, request.query.q, request.query)),
    );

    app.get(
      '/deliveries/export.csv',
      {
        schema: {
          tags,
          summary: 'My deliveries as CSV (UTF-8, formula-safe cells), newest first, with the list\'s status filter and date range',
          security,
          querystring: deliveriesExportQuerySchema,
        },
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="lanefreight-deliveries-${day}.csv"`)
          .send(Readable.from(tools.exportCsv(userId, request.query)));
      },
    );
  };
}
