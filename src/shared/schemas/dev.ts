import { z } from 'zod';

/** GET /api/dev/messages (development only): what the dev outbox holds for one recipient. */
export const devMessagesQuerySchema = z.object({
  to: z.string().trim().min(1).max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const devMessageSchema = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  subject: z.string(),
  body: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  createdAt: z.string(),
});
export type DevMessage = z.infer<typeof devMessageSchema>;
