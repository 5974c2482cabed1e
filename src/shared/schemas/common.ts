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

export const healthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['ok', 'error']),
});
export type Health = z.infer<typeof healthSchema>;

export const PAGE_SIZE_MAX = 100;

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(20),
});
