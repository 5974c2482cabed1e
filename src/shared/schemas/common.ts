import { z } from 'zod';

/** The spec's response envelope: `{ success, data, message, type }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.boolean(),
    data,
    message: z.string(),
    type: z.string().optional(),
  });
}

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  data: z.null(),
  message: z.string(),
  code: z.string(),
  type: z.string().optional(),
  details: z.record(z.string(), z.array(z.string())).optional(),
});

/** Liveness (`GET /api/health`): the process answers. It asks nothing of the database (docs/decisions/050). */
export const healthSchema = z.object({
  status: z.literal('ok'),
});
export type Health = z.infer<typeof healthSchema>;

/** Why an instance should get no traffic now (`GET /api/health/ready`). */
export const NOT_READY_REASONS = ['database_unreachable', 'database_slow', 'read_pool_saturated'] as const;

const poolStatsSchema = z.object({
  max: z.number().int(),
  total: z.number().int(),
  idle: z.number().int(),
  waiting: z.number().int(),
});
const laneStatsSchema = z.object({ max: z.number().int(), running: z.number().int(), waiting: z.number().int() });

/** Readiness, for a load balancer: the database answers soon enough and reads are not queueing for connections. */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  reasons: z.array(z.enum(NOT_READY_REASONS)),
  database: z.object({
    /** How long `select 1` took, or null if it failed or ran past the bound. */
    latencyMs: z.number().nullable(),
  }),
  /** Connection pools (PostgreSQL and the embedded database); null in memory. */
  pools: z.object({ reads: poolStatsSchema, writes: poolStatsSchema }).nullable(),
  /** Write transactions running and waiting per lane (PostgreSQL only); reported, not judged. */
  writeLanes: z.object({ money: laneStatsSchema, other: laneStatsSchema }).nullable(),
});
export type Readiness = z.infer<typeof readinessSchema>;
