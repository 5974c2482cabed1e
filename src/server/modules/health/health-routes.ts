import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '../../../shared/schemas/common.js';
import type { Database } from '../../db/client.js';

/** A load balancer must hear back within 2 seconds, whatever the database does. */
export const HEALTH_DATABASE_TIMEOUT_MS = 1_500;

function pingWithin(database: Database, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ping = database.ping();
  // A ping that answers (or fails) after the deadline has nobody left to hear it.
  ping.catch(() => undefined);
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([ping, deadline]).finally(() => clearTimeout(timer));
}

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
          await pingWithin(database, HEALTH_DATABASE_TIMEOUT_MS);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch (err) {
          request.log.warn({ reason: (err as Error).message }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'error', database: 'error' });
        }
      },
    );
  };
}
