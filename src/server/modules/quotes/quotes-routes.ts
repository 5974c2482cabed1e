import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { quoteBodySchema, quoteSchema, rateCardSchema } from '../../../shared/schemas/quotes.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import type { QuotesService } from './quotes-service.js';

const tags = ['quotes'];

export function quotesRoutes(quotes: QuotesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/quotes',
      {
        schema: {
          tags,
          summary: 'Price a trip (kobo) and hold the price for 15 minutes; book it with { quoteId, …receiver fields }',
          body: quoteBodySchema,
          response: { 201: envelope(quoteSchema) },
        },
      },
      // The web books live deliveries only, so its quotes are live ones.
      async (request, reply) => reply.status(201).send(ok(await quotes.quote(requireUser(request).id, request.body, true), SUCCESS_MESSAGES.quoted)),
    );

    app.get(
      '/rate-card',
      {
        config: { public: true },
        schema: { tags, summary: 'The tariff: every constant of prices and estimates (kobo, metres, minutes, km/h)', response: { 200: envelope(rateCardSchema) } },
      },
      async () => ok(quotes.rateCard),
    );
  };
}
