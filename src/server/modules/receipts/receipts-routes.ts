import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { cursorQuerySchema } from '../../../shared/schemas/paging.js';
import { receiptIdParamsSchema, receiptSchema, receiptsPageSchema } from '../../../shared/schemas/receipts.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { ReceiptsService } from './receipts-service.js';

const tags = ['receipts'];

/** The account's numbered receipts (decision 057). */
export function receiptsRoutes(service: ReceiptsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/receipts',
      {
        schema: {
          tags,
          summary: 'My receipts, newest first (keyset pages)',
          querystring: cursorQuerySchema,
          response: { 200: envelope(receiptsPageSchema) },
        },
      },
      async (request) => ok(await service.list(requireUser(request).id, request.query)),
    );

    app.get(
      '/receipts/:id',
      {
        schema: {
          tags,
          summary: "One of my receipts, with the VAT it includes; 404 for anyone else's",
          params: receiptIdParamsSchema,
          response: { 200: envelope(receiptSchema) },
        },
      },
      async (request) => ok(await service.get(requireUser(request).id, request.params.id)),
    );
  };
}
