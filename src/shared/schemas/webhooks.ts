import { z } from 'zod';
import { v1DeliverySchema } from './merchant-api.js';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';

/** Every event a webhook endpoint may subscribe to (issue 23). */
export const WEBHOOK_EVENT_TYPES = [
  'delivery.created',
  'delivery.paid',
  'delivery.assigned',
  'delivery.picked_up',
  'delivery.in_transit',
  'delivery.out_for_delivery',
  'delivery.failed_attempt',
  'delivery.delivered',
  'delivery.returning',
  'delivery.returned',
  'delivery.cancelled',
  'cod.paid',
  'cod.settled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send test event" sends: not a delivery's event, so no endpoint subscribes to it and it has no sequence. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook_endpoint.test';

export const WEBHOOK_MODES = ['test', 'live'] as const;
export type WebhookMode = (typeof WEBHOOK_MODES)[number];

/** Endpoints one account may have: enough for staging and production of a few systems, bounded like every list. */
export const WEBHOOK_ENDPOINTS_MAX = 16;
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/** Retries after the first attempt fails, in order (issue 23); after the last one the event is given up. */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000] as const;
/**
 * How long an event that owes nothing more (every send succeeded or gave up) is kept, with its sends and its attempt
 * log; then the retention sweep deletes it (decision 054). An event still owed to an endpoint stays, however old.
 */
export const WEBHOOK_RETENTION_DAYS = 30;
export const WEBHOOK_RETENTION_MS = WEBHOOK_RETENTION_DAYS * 24 * 3_600_000;

/** i18n keys of the endpoint form's messages; the server's catalogue (lib/messages.ts) holds their English. */
export const WEBHOOK_MESSAGE_KEYS = {
  url: 'webhooks.validation.url',
  urlTooLong: 'webhooks.validation.urlTooLong',
  events: 'webhooks.validation.events',
  mode: 'webhooks.validation.mode',
} as const;

const urlSchema = z
  .string({ error: WEBHOOK_MESSAGE_KEYS.url })
  .trim()
  .min(1, WEBHOOK_MESSAGE_KEYS.url)
  .max(WEBHOOK_URL_MAX_LENGTH, WEBHOOK_MESSAGE_KEYS.urlTooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGE_KEYS.url);

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_MESSAGE_KEYS.events }), { error: WEBHOOK_MESSAGE_KEYS.events })
  .min(1, WEBHOOK_MESSAGE_KEYS.events)
  .max(WEBHOOK_EVENT_TYPES.length, WEBHOOK_MESSAGE_KEYS.events)
  .transform((events) => [...new Set(events)]);

export const createWebhookEndpointSchema = z.strictObject({
  url: urlSchema,
  events: eventsSchema,
  mode: z.enum(WEBHOOK_MODES, { error: WEBHOOK_MESSAGE_KEYS.mode }),
});
export type CreateWebhookEndpointBody = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.strictObject({
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.input<typeof updateWebhookEndpointSchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  mode: z.enum(WEBHOOK_MODES),
  enabled: z.boolean(),
  /** Why it was switched off, when the system did it: it failed for three days. */
  disabledReason: z.enum(['failing']).nullable(),
  /** Until when the rotated-out secret still signs, during a rotation. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The endpoint with its signing secret: only in the answer that creates it or rotates its secret. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const webhookEndpointParamsSchema = z.object({ id: z.uuid({ error: 'Unknown webhook endpoint' }) });
export const webhookEventParamsSchema = z.object({
  id: z.uuid({ error: 'Unknown webhook endpoint' }),
  eventId: z.uuid({ error: 'Unknown event' }),
});

/** One try to send one event to one endpoint, as the attempt log shows it. */
export const webhookAttemptSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  eventType: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** When the event is tried again; null once it succeeded or was given up. */
  nextRetryAt: z.string().nullable(),
  attemptedAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;
export const webhookAttemptsQuerySchema = cursorQuerySchema;
export const webhookAttemptsPageSchema = cursorPageSchema(webhookAttemptSchema);

export const webhookQueuedSchema = z.object({ eventId: z.uuid() });

/**
 * What a delivery's event POSTs to an endpoint (decision 054). `data` is the delivery exactly as
 * GET /api/v1/deliveries/{id} answers when the event is relayed (the same mapping and schema); `sequence` counts the
 * delivery's events from 1, and an endpoint gets them one at a time in that order (a later one waits until every
 * earlier one has succeeded or been given up), so only a re-sent event can arrive after a later one.
 */
export const webhookDeliveryEventSchema = z.object({
  id: z.uuid(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  createdAt: z.string(),
  livemode: z.boolean(),
  sequence: z.number().int().positive(),
  data: v1DeliverySchema,
});
export type WebhookDeliveryEvent = z.infer<typeof webhookDeliveryEventSchema>;
