import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  topUpBodySchema,
  topUpReferenceParamsSchema,
  topUpResultSchema,
  topUpVerifyResultSchema,
} from '../../../shared/schemas/wallet-money.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { TopUpService } from './top-up-service.js';

export function topUpRoutes(topUps: TopUpService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/wallet/top-ups',
      {
        config: { idempotent: true },
        schema: {
          tags: ['wallet'],
          summary: 'Top up the wallet: returns the gateway checkout address; the wallet is credited once verified',
          body: topUpBodySchema,
          response: { 201: envelope(topUpResultSchema) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(ok(await topUps.start(requireUser(request).id, request.body.amountKobo), 'Continue to checkout.')),
    );

    app.post(
      '/wallet/top-ups/:reference/verify',
      {
        schema: {
          tags: ['wallet'],
          summary: 'Confirm a top-up with the gateway after the checkout (idempotent: credits once)',
          params: topUpReferenceParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(topUpVerifyResultSchema) },
        },
      },
      async (request) => ok(await topUps.verify(requireUser(request).id, request.params.reference), 'Top-up successful.'),
    );
  };
}
