import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  WEBHOOK_RETENTION_DAYS,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookAttemptsPageSchema,
  webhookAttemptsQuerySchema,
  webhookEndpointListSchema,
  webhookEndpointParamsSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEventParamsSchema,
  webhookQueuedSchema,
} from '../../../shared/schemas/webhooks.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { WebhooksService } from './webhooks-service.js';

const tags = ['webhooks'];

/** The signed-in merchant's webhook endpoints (decision 054); another user's endpoint is 404. */
export function webhooksRoutes(webhooks: WebhooksService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/webhook-endpoints',
      {
        schema: {
          tags,
          summary: 'Add an endpoint; its signing secret is in this answer only',
          description: [
            'Each event is POSTed as JSON `{ id, type, createdAt, livemode, sequence, data }`, signed in',
            '`Lanefreight-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>` with its id in',
            '`Lanefreight-Event-Id` (the same on every retry). For a delivery\'s event, `data` is the delivery exactly as',
            '`GET /api/v1/deliveries/{id}` answered when the event was written, milliseconds after the change (the same',
            'schema: integer kobo, ISO 8601 times, `livemode`; a retry sends the same body), and `sequence` counts that',
            'delivery\'s events from 1. An endpoint gets a delivery\'s events one at a time in `sequence` order: a later',
            'one is not sent until every earlier one has been answered with a 2xx or given up (after its last retry, or',
            'when the endpoint was switched off). So events arrive in order; what can still arrive late is a retry of one',
            'you already have (deduplicate by `Lanefreight-Event-Id`) and an event re-sent from the log. Drop an event',
            'whose `sequence` is lower than the last you kept.',
          ].join(' '),
          body: createWebhookEndpointSchema,
          response: { 201: envelope(webhookEndpointWithSecretSchema) },
        },
      },
      async (request, reply) => reply.status(201).send(ok(await webhooks.createEndpoint(requireUser(request).id, request.body))),
    );

    app.get(
      '/webhook-endpoints',
      { schema: { tags, summary: 'My endpoints, newest first', response: { 200: envelope(webhookEndpointListSchema) } } },
      async (request) => ok(await webhooks.listEndpoints(requireUser(request).id)),
    );

    app.get(
      '/webhook-endpoints/:id',
      { schema: { tags, summary: 'One endpoint', params: webhookEndpointParamsSchema, response: { 200: envelope(webhookEndpointSchema) } } },
      async (request) => ok(await webhooks.getEndpoint(requireUser(request).id, request.params.id)),
    );

    app.patch(
      '/webhook-endpoints/:id',
      {
        schema: {
          tags,
          summary: 'Change its events, or switch it on or off',
          params: webhookEndpointParamsSchema,
          body: updateWebhookEndpointSchema,
          response: { 200: envelope(webhookEndpointSchema) },
        },
      },
      async (request) => ok(await webhooks.updateEndpoint(requireUser(request).id, request.params.id, request.body)),
    );

    app.delete(
      '/webhook-endpoints/:id',
      { schema: { tags, summary: 'Remove an endpoint and its log', params: webhookEndpointParamsSchema, response: { 200: envelope(z.null()) } } },
      async (request) => {
        await webhooks.deleteEndpoint(requireUser(request).id, request.params.id);
        return ok(null);
      },
    );

    app.post(
      '/webhook-endpoints/:id/rotate-secret',
      {
        schema: {
          tags,
          summary: 'A new signing secret; the old one keeps signing for 24 hours',
          params: webhookEndpointParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(webhookEndpointWithSecretSchema) },
        },
      },
      async (request) => ok(await webhooks.rotateSecret(requireUser(request).id, request.params.id)),
    );

    app.get(
      '/webhook-endpoints/:id/attempts',
      {
        schema: {
          tags,
          summary: `The attempt log, newest first: it holds ${WEBHOOK_RETENTION_DAYS} days`,
          description: `An event that owes nothing more (delivered, or its retries given up) is deleted ${WEBHOOK_RETENTION_DAYS} days after it was made, with its attempts; one still being retried stays until it is settled.`,
          params: webhookEndpointParamsSchema,
          querystring: webhookAttemptsQuerySchema,
          response: { 200: envelope(webhookAttemptsPageSchema) },
        },
      },
      async (request) => ok(await webhooks.listAttempts(requireUser(request).id, request.params.id, request.query)),
    );

    app.post(
      '/webhook-endpoints/:id/events/:eventId/resend',
      {
        schema: {
          tags,
          summary: 'Send an event again now, with the same id',
          params: webhookEventParamsSchema,
          body: z.unknown().optional(),
          response: { 202: envelope(webhookQueuedSchema) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(ok(await webhooks.resendEvent(requireUser(request).id, request.params.id, request.params.eventId))),
    );

    app.post(
      '/webhook-endpoints/:id/test',
      {
        schema: {
          tags,
          summary: 'Send a test event to this endpoint',
          params: webhookEndpointParamsSchema,
          body: z.unknown().optional(),
          response: { 202: envelope(webhookQueuedSchema) },
        },
      },
      async (request, reply) => reply.status(202).send(ok(await webhooks.sendTestEvent(requireUser(request).id, request.params.id))),
    );
  };
}
