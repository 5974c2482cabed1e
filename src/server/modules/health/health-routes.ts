import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/schemas/common.js';
import type { Database } from '../../db/client.js';

export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        config: { public: true },
        schema: { tags: ['system'], summary: 'Liveness and database check', response: { 200: healthSchema, 503: healthSchema } },
      },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: 'ok' as const };
        } catch (err) {
          request.log.warn({ err }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error', database: 'error' });
        }
      },
    );
  };
}
