import { z } from 'zod';
import { DELIVERY_STATUSES } from './deliveries.js';

/** i18n keys of the operator's driver form; the server's catalogue (lib/messages.ts) holds their English. */
export const DISPATCH_MESSAGE_KEYS = {
  driverNameRequired: 'validation.dispatch.driverNameRequired',
  driverPhoneInvalid: 'validation.dispatch.driverPhoneInvalid',
} as const;

export const assignDriverBodySchema = z.object({
  name: z.string().trim().min(1, DISPATCH_MESSAGE_KEYS.driverNameRequired).max(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{7,24}$/, DISPATCH_MESSAGE_KEYS.driverPhoneInvalid),
  /** 0 to 5, one decimal (4.8). */
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0).max(1_000_000),
});
export type AssignDriverBody = z.infer<typeof assignDriverBodySchema>;

export const updateStatusBodySchema = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: 'Unknown status' }),
  note: z.string().trim().max(200).optional(),
});
