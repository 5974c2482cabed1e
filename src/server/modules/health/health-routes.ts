import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema, type Readiness } from '../../../shared/schemas/common.js';
import type { Database } from '../../db/client.js';
import type { WriteLanes } from '../../db/transactions.js';
import { isDatabaseBusy } from '../../lib/pg-errors.js';

/**
 * How long readiness waits for `select 1`: a load balancer hears back within about a second, whatever the database
 * does. Longer than the wait for a read connection (DATABASE_POOL_WAIT_MS, 800 ms by default), so a full pool is
 * reported as such and not as a slow database.
 */
export const READY_DATABASE_TIMEOUT_MS = 1_000;

type PingResult = { ok: true; ms: number } | { ok: false; late: boolean; error?: unknown };

function pingWithin(database: Database, ms: number): Promise<PingResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const ping = database.ping().then(
    (): PingResult => ({ ok: true, ms: Math.round((performance.now() - started) * 10) / 10 }),
    (error: unknown): PingResult => ({ ok: false, late: false, error }),
  );
  // A ping that answers after the deadline has nobody left to hear it.
  const deadline = new Promise<PingResult>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, late: true }), ms);
  });
  return Promise.race([ping, deadline]).finally(() => clearTimeout(timer));
}

export function healthRoutes(database: Database, writeLanes: WriteLanes | null): FastifyPluginAsyncZod {
  return async (app) => {
    // Liveness: the process and its event loop answer. A database in trouble is no reason to restart the server
    // (readiness below takes it out of rotation instead), so this asks nothing of it (docs/decisions/050).
    app.get(
      '/health',
      {
        config: { public: true },
        schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: healthSchema } },
      },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/health/ready',
      {
        config: { public: true },
        schema: {
          tags: ['system'],
          summary: 'Readiness for a load balancer: the database answers and reads are not queueing for connections',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (request, reply) => {
        const ping = await pingWithin(database, READY_DATABASE_TIMEOUT_MS);
        const pools = database.stats();
        const reasons = new Set<Readiness['reasons'][number]>();
        // As many reads waiting as the pool holds: a new read here would wait its full bound and likely get 503.
        if (pools !== null && pools.reads.waiting > 0 && pools.reads.waiting >= pools.reads.max) {
          reasons.add('read_pool_saturated');
        }
        if (!ping.ok) {
          if (ping.late) reasons.add('database_slow');
          else if (isDatabaseBusy(ping.error)) reasons.add('read_pool_saturated');
          else {
            reasons.add('database_unreachable');
            request.log.warn({ reason: (ping.error as Error | undefined)?.message }, 'readiness: database unreachable');
          }
        }
        const lane = (limiter: WriteLanes['money']) => ({
          max: limiter.concurrency,
          running: limiter.running,
          waiting: limiter.waiting,
        });
        const body: Readiness = {
          status: reasons.size === 0 ? 'ready' : 'not_ready',
          reasons: [...reasons],
          database: { latencyMs: ping.ok ? ping.ms : null },
          pools,
          writeLanes: writeLanes && { money: lane(writeLanes.money), other: lane(writeLanes.other) },
        };
        if (reasons.size > 0) return reply.status(503).header('cache-control', 'no-store').send(body);
        return reply.header('cache-control', 'no-store').send(body);
      },
    );
  };
}
