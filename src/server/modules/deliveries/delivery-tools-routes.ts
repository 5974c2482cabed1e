import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  deliveriesExportQuerySchema,
  deliverySearchQuerySchema,
  deliverySearchResultSchema,
  testModeAvailabilitySchema,
} from '../../../shared/schemas/deliveries.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { DeliveryToolsService } from './delivery-tools-service.js';

const tags = ['deliveries'];
const security: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

/** My Deliveries' search and CSV export (decision 052), and whether it offers test mode (decision 079). */
export function deliveryToolsRoutes(tools: DeliveryToolsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/deliveries/search',
      {
        schema: {
          tags,
          summary:
            'Search my deliveries of one mode (mode=live, the default, or test): a delivery id or tracking id, or part of a receiver name or phone (at most 50)',
          security,
          querystring: deliverySearchQuerySchema,
          response: { 200: envelope(deliverySearchResultSchema) },
        },
      },
      async (request) => ok(await tools.searchDeliveries(requireUser(request).id, request.query.q, request.query)),
    );

    app.get(
      '/deliveries/test-mode',
      {
        schema: {
          tags,
          summary: 'Whether My Deliveries offers test mode: the account has a test delivery, or an API key that could book one',
          security,
          response: { 200: envelope(testModeAvailabilitySchema) },
        },
      },
      async (request) => ok(await tools.testModeAvailability(requireUser(request).id)),
    );

    app.get(
      '/deliveries/export.csv',
      {
        schema: {
          tags,
          summary: 'My deliveries as CSV (UTF-8, formula-safe cells), newest first, with the list\'s mode, status filter and date range',
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
          // A test export is named so, wherever the file ends up.
          .header('content-disposition', `attachment; filename="lanefreight-${request.query.mode === 'test' ? 'test-' : ''}deliveries-${day}.csv"`)
          .send(Readable.from(tools.exportCsv(userId, request.query)));
      },
    );
  };
}
