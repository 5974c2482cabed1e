import { z } from 'zod';
import { DELIVERY_STATUSES } from './deliveries.js';

export const assignDriverBodySchema = z.object({
  name: z.string().trim().min(1, 'Driver name is required').max(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{7,24}$/, 'Enter a valid phone number'),
  /** 0 to 5, one decimal (4.8). */
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0).max(1_000_000),
});
export type AssignDriverBody = z.infer<typeof assignDriverBodySchema>;

export const updateStatusBodySchema = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: 'Unknown status' }),
  note: z.string().trim().max(200).optional(),
});
