import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import { apiKeyCreateBodySchema, apiKeyIdParamsSchema, apiKeyListSchema, createdApiKeySchema } from '../../../shared/schemas/api-keys.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { ApiKeysService } from './api-keys-service.js';

const tags = ['api-keys'];

/** The account's API keys, managed from the web with its session (never with a key: these are account routes). */
export function apiKeysRoutes(keys: ApiKeysService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api-keys',
      {
        schema: {
          tags,
          summary: 'Create an API key (lf_test_… or lf_live_…): the key is in this answer only, it is stored hashed',
          body: apiKeyCreateBodySchema,
          response: { 201: envelope(createdApiKeySchema) },
        },
      },
      async (request, reply) => {
        const created = await keys.create(requireUser(request), request.body);
        return reply.status(201).header('cache-control', 'no-store').send(ok(created));
      },
    );

    app.get(
      '/api-keys',
      { schema: { tags, summary: "The account's unrevoked API keys (name, mode, last four characters; never the key)", response: { 200: envelope(apiKeyListSchema) } } },
      async (request) => ok({ items: await keys.list(requireUser(request).id) }),
    );

    app.delete(
      '/api-keys/:id',
      {
        schema: {
          tags,
          summary: 'Revoke an API key: every server refuses it within 2 seconds',
          params: apiKeyIdParamsSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        await keys.revoke(requireUser(request).id, request.params.id);
        return ok(null);
      },
    );
  };
}
